package dev.payhook.deploy;

import static dev.payhook.deploy.Manifests.at;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The chart's rendering made playable by {@code podman kube play} (podman 4.3) on one machine, for
 * deploy/kube-check.sh. The pods stay the chart's (images, users, security contexts, probes,
 * Secrets and ConfigMaps by reference, volumes); what one host without a cluster needs changes:
 * each pod on the host's network with ports of its own (no Services, so the addresses are
 * 127.0.0.1 and a port), the gateway's replicas as two Deployments of one, the StatefulSets as
 * Deployments with a claim each. Podman makes one volume per ConfigMap name, filled by the first
 * pod that mounts it, so a volume that picks keys ({@code items}) gets a ConfigMap of its own.
 * Services, NetworkPolicies and PodDisruptionBudgets have no podman counterpart and are left out.
 *
 * <p>Arguments: the output folder, the payhook image, the broker image, then the ports: gateway A
 * public and management, gateway B public and management, the primary's and the backup's core and
 * console. Writes play.yaml, one configmap-NAME.yaml per ConfigMap (for --configmap) and
 * volumes.txt, the names of the volumes podman will make (to remove them afterwards).
 */
public final class KubePlay {

    private KubePlay() {}

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        String image = args[1];
        int[] port = new int[8];
        for (int i = 0; i < port.length; i++) {
            port[i] = Integer.parseInt(args[3 + i]);
        }
        int colon = image.lastIndexOf(':');
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template(
                null,
                Map.of(
                        "image.repository",
                        image.substring(0, colon),
                        "image.tag",
                        image.substring(colon + 1),
                        "broker.image",
                        args[2],
                        "broker.storage.size",
                        "1Gi")));
        String brokers =
                "(tcp://127.0.0.1:" + port[4] + ",tcp://127.0.0.1:" + port[6] + ")?ha=true&reconnectAttempts=-1";
        Map<String, Map<String, Object>> configMaps = new LinkedHashMap<>();
        List<Map<String, Object>> play = new ArrayList<>();
        for (Map<String, Object> object : objects) {
            String kind = (String) object.get("kind");
            String name = at(object, "metadata", "name");
            if (kind.equals("ConfigMap")) {
                configMaps.put(name, object);
            } else if (kind.equals("Deployment")) {
                play.add(gateway(object, "a", port[0], port[1], brokers));
                play.add(gateway(object, "b", port[2], port[3], brokers));
            } else if (kind.equals("StatefulSet")) {
                boolean primary = name.endsWith("-primary");
                int self = primary ? port[4] : port[6];
                int peer = primary ? port[6] : port[4];
                play.addAll(broker(object, self, peer, primary ? port[5] : port[7]));
            }
        }
        List<String> volumes = new ArrayList<>();
        for (Map<String, Object> workload : play) {
            if (workload.get("kind").equals("PersistentVolumeClaim")) {
                volumes.add(at(workload, "metadata", "name"));
            } else {
                ownConfigMaps(workload, configMaps);
            }
        }
        for (Map.Entry<String, Map<String, Object>> configMap : configMaps.entrySet()) {
            volumes.add(configMap.getKey());
            Files.writeString(
                    out.resolve("configmap-" + configMap.getKey() + ".yaml"), yaml().dump(configMap.getValue()));
        }
        Files.writeString(out.resolve("play.yaml"), yaml().dumpAll(play.iterator()));
        Files.write(out.resolve("volumes.txt"), volumes);
    }

    /** Each of the workload's volumes that picks keys of a ConfigMap gets a copy of it named for the workload. */
    private static void ownConfigMaps(Map<String, Object> workload, Map<String, Map<String, Object>> configMaps) {
        List<Map<String, Object>> volumes = at(workload, "spec", "template", "spec", "volumes");
        for (Map<String, Object> volume : volumes) {
            Map<String, Object> source = at(volume, "configMap");
            if (source == null || source.get("items") == null) {
                continue;
            }
            String own = source.get("name") + "-" + at(workload, "metadata", "name");
            Map<String, Object> copy = copy(configMaps.get((String) source.get("name")));
            Map<String, Object> metadata = at(copy, "metadata");
            metadata.put("name", own);
            configMaps.put(own, copy);
            source.put("name", own);
        }
    }

    private static Map<String, Object> gateway(
            Map<String, Object> deployment, String replica, int pub, int management, String brokers) {
        Map<String, Object> copy = copy(deployment);
        Map<String, Object> metadata = at(copy, "metadata");
        metadata.put("name", metadata.get("name") + "-" + replica);
        Map<String, Object> spec = at(copy, "spec");
        spec.put("replicas", 1);
        Map<String, Object> container = onHost(copy);
        ports(container, Map.of("public", pub, "management", management));
        List<Map<String, Object>> env = at(container, "env");
        env.removeIf(e -> e.get("name").equals("ARTEMIS_URL"));
        env.add(variable("ARTEMIS_URL", brokers));
        env.add(variable("SERVER_PORT", String.valueOf(pub)));
        env.add(variable("PAYHOOK_OPS_PORT", String.valueOf(management)));
        return copy;
    }

    private static List<Map<String, Object>> broker(Map<String, Object> statefulSet, int self, int peer, int console) {
        Map<String, Object> copy = copy(statefulSet);
        copy.put("kind", "Deployment");
        Map<String, Object> spec = at(copy, "spec");
        spec.remove("serviceName");
        List<Map<String, Object>> claims = at(spec, "volumeClaimTemplates");
        spec.remove("volumeClaimTemplates");
        String name = at(copy, "metadata", "name");
        Map<String, Object> container = onHost(copy);
        ports(container, Map.of("core", self));
        for (Map<String, Object> e : (List<Map<String, Object>>) at(container, "env")) {
            if (e.get("name").equals("JAVA_ARGS_APPEND")) {
                e.put(
                        "value",
                        ((String) e.get("value"))
                                        .replaceAll(
                                                "payhook\\.broker\\.self=tcp://[^ ]+",
                                                "payhook.broker.self=tcp://127.0.0.1:" + self)
                                        .replaceAll(
                                                "payhook\\.broker\\.peer=tcp://[^ ]+",
                                                "payhook.broker.peer=tcp://127.0.0.1:" + peer)
                                + " -Dpayhook.broker.port=" + self);
            } else if (e.get("name").equals("EXTRA_ARGS")) {
                e.put("value", e.get("value") + " --http-port " + console);
            }
        }
        List<Map<String, Object>> result = new ArrayList<>();
        List<Map<String, Object>> volumes = at(spec, "template", "spec", "volumes");
        for (Map<String, Object> claim : claims) {
            String claimName = at(claim, "metadata", "name") + "-" + name;
            volumes.add(Map.of(
                    "name", at(claim, "metadata", "name"), "persistentVolumeClaim", Map.of("claimName", claimName)));
            Map<String, Object> pvc = new LinkedHashMap<>();
            pvc.put("apiVersion", "v1");
            pvc.put("kind", "PersistentVolumeClaim");
            pvc.put("metadata", Map.of("name", claimName));
            pvc.put("spec", claim.get("spec"));
            result.add(pvc);
        }
        result.add(copy);
        return result;
    }

    /** The pod on the host's network; its only container. */
    private static Map<String, Object> onHost(Map<String, Object> workload) {
        Map<String, Object> pod = at(workload, "spec", "template", "spec");
        pod.put("hostNetwork", true);
        return at(pod, "containers", 0);
    }

    /**
     * The container's ports moved: on the host's network podman maps no port (it refuses a
     * declared one), so the probes that name a port get its number instead.
     */
    private static void ports(Map<String, Object> container, Map<String, Integer> moved) {
        container.remove("ports");
        for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
            Map<String, Object> check = at(container, probe);
            if (check == null) {
                continue;
            }
            for (String way : List.of("httpGet", "tcpSocket")) {
                Map<String, Object> target = at(check, way);
                if (target != null && moved.containsKey(target.get("port"))) {
                    target.put("port", moved.get(target.get("port")));
                }
            }
        }
    }

    private static Map<String, Object> variable(String name, String value) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("name", name);
        v.put("value", value);
        return v;
    }

    private static Map<String, Object> copy(Map<String, Object> object) {
        return yaml().load(yaml().dump(object));
    }

    private static Yaml yaml() {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options);
    }
}
