package dev.payhook.deploy;

import java.util.List;
import java.util.Map;

/** Reading rendered manifests: an object by kind and name, a node by its path. */
final class Manifests {

    private Manifests() {}

    static Map<String, Object> the(List<Map<String, Object>> objects, String kind, String name) {
        return objects.stream()
                .filter(r -> kind.equals(r.get("kind")) && name.equals(at(r, "metadata", "name")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    /** The node at {@code path} of parsed YAML, as the caller expects it: a reading aid, unchecked by design. */
    @SuppressWarnings({"unchecked", "TypeParameterUnusedInFormals"})
    static <T> T at(Object node, Object... path) {
        Object here = node;
        for (Object step : path) {
            here = step instanceof Integer i ? ((List<Object>) here).get(i) : ((Map<String, Object>) here).get(step);
        }
        return (T) here;
    }

    /** The first container of a Deployment's or StatefulSet's pods. */
    static Map<String, Object> container(List<Map<String, Object>> objects, String kind, String name) {
        return at(the(objects, kind, name), "spec", "template", "spec", "containers", 0);
    }

    /** A container's environment variable by name. */
    static Map<String, Object> variable(Map<String, Object> container, String name) {
        List<Map<String, Object>> env = at(container, "env");
        return env.stream()
                .filter(e -> name.equals(e.get("name")))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no variable " + name));
    }
}
