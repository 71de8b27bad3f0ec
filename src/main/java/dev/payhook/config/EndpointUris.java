package dev.payhook.config;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.camel.CamelContext;
import org.apache.camel.model.RouteDefinition;

/** An endpoint URI as a route file writes it, read before Camel makes the endpoint. */
public final class EndpointUris {

    private EndpointUris() {}

    /**
     * The URI a route consumes from, with the parameters of the template it was made from and its
     * property placeholders resolved.
     */
    public static String consumed(RouteDefinition route) {
        String uri = route.getInput().getUri();
        Map<String, Object> parameters = route.getTemplateParameters();
        if (parameters != null) {
            for (Map.Entry<String, Object> p : parameters.entrySet()) {
                uri = uri.replace("{{" + p.getKey() + "}}", String.valueOf(p.getValue()));
            }
        }
        return resolved(route.getCamelContext(), uri);
    }

    /** The URI with its property placeholders resolved; as written when one cannot be. */
    public static String resolved(CamelContext camel, String uri) {
        try {
            return camel == null ? uri : camel.resolvePropertyPlaceholders(uri);
        } catch (RuntimeException unresolvable) {
            return uri;
        }
    }

    /** The component's name: the scheme before the first colon; empty when there is none. */
    public static String component(String uri) {
        int colon = uri.indexOf(':');
        return colon < 0 ? "" : uri.substring(0, colon);
    }

    /** The names of the options the URI sets in its query. */
    public static Set<String> options(String uri) {
        int query = uri.indexOf('?');
        return query < 0
                ? Set.of()
                : Arrays.stream(uri.substring(query + 1).split("&", -1))
                        .map(option -> option.replaceFirst("=.*", ""))
                        .filter(name -> !name.isEmpty())
                        .collect(Collectors.toUnmodifiableSet());
    }
}
