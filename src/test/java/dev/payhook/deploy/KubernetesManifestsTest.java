package dev.payhook.deploy;

import static dev.payhook.deploy.Manifests.at;
import static dev.payhook.deploy.Manifests.the;
import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.Pom;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * deploy/kubernetes as {@code kubectl kustomize} renders it, offline: every overlay renders, and the
 * facts that tie the manifests to the rest hold. The ports and probe paths are the gateway's (and
 * the probes answer on a started one), every setting the configuration reads from the environment
 * is wired, provider settings from the Secret and optional, no secret value is written, the memory
 * limit leaves the JVM's bounds room, and the image is the pom's.
 */
class KubernetesManifestsTest extends GatewayTest {

    private static final Path DIR = Path.of("deploy/kubernetes");
    /** A setting the configuration reads: {@code ${NAME}}, not Logback's escaped {@code \${..}}. */
    private static final Pattern ENVIRONMENT = Pattern.compile("(?<!\\\\)\\$\\{([A-Z][A-Z0-9_]+)");

    /** Each kustomization as rendered once: the files do not change while the tests read them. */
    private static final Map<Path, List<Map<String, Object>>> RENDERED = new java.util.HashMap<>();

    private static List<Map<String, Object>> render(Path kustomization) throws IOException, InterruptedException {
        List<Map<String, Object>> done = RENDERED.get(kustomization);
        if (done != null) {
            return done;
        }
        Process kubectl;
        try {
            kubectl = new ProcessBuilder("kubectl", "kustomize", kustomization.toString()).start();
        } catch (IOException e) {
            throw new AssertionError("kubectl is needed to render deploy/kubernetes (docs/deploying.md)", e);
        }
        String out = new String(kubectl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(kubectl.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(kubectl.waitFor()).as(kustomization + ": " + err).isZero();
        List<Map<String, Object>> resources = HelmChart.objects(out);
        resources.forEach(KubernetesModel::read);
        RENDERED.put(kustomization, List.copyOf(resources));
        return resources;
    }

    private static Map<String, Object> container(List<Map<String, Object>> resources) {
        return Manifests.container(resources, "Deployment", "payhook");
    }

    @Test
    void everyOverlayAndTheMonitoringComponentsRender() throws Exception {
        for (String overlay : List.of("dev", "production")) {
            List<Map<String, Object>> resources = render(DIR.resolve("overlays/" + overlay));
            assertThat(resources)
                    .as(overlay)
                    .allSatisfy(r -> assertThat((String) at(r, "metadata", "namespace"))
                            .isIn(overlay.equals("dev") ? "payhook-dev" : "payhook", null));
            assertThat(resources.stream().map(r -> (String) r.get("kind")))
                    .as(overlay)
                    .contains("Deployment", "StatefulSet", "Service", "NetworkPolicy", "PodDisruptionBudget");
        }
        assertThat(render(DIR.resolve("overlays/dev")).stream().map(r -> (String) at(r, "metadata", "name")))
                .as("the dev overlay runs its own PostgreSQL")
                .contains("postgres");
        Path monitored = Files.createDirectories(Path.of("target/kubernetes-monitored"));
        Files.writeString(monitored.resolve("kustomization.yaml"), """
                resources: [ ../../deploy/kubernetes/overlays/production ]
                components: [ ../../deploy/kubernetes/components/servicemonitor, ../../deploy/kubernetes/components/prometheusrule ]
                """);
        List<Map<String, Object>> withMonitoring = render(monitored);
        assertThat((Object) at(the(withMonitoring, "ServiceMonitor", "payhook"), "spec", "endpoints", 0, "port"))
                .isEqualTo("management");
        Map<String, Object> chart = Manifests.container(
                HelmChart.objects(HelmChart.template(null, Map.of("monitoring.serviceMonitor.enabled", true))),
                "Deployment",
                "payhook");
        for (String token : List.of("PAYHOOK_OPS_TOKENS_METRICS_TOKEN", "PAYHOOK_OPS_TOKENS_METRICS_ROLES")) {
            assertThat(Manifests.variable(container(withMonitoring), token))
                    .as("the component wires the scrape's read-only token as the chart does")
                    .isEqualTo(Manifests.variable(chart, token));
        }
        assertThat(container(render(DIR.resolve("overlays/production"))).toString())
                .as("without the ServiceMonitor no metrics token is asked for")
                .doesNotContain("METRICS");
        Map<String, Object> alerts = new Yaml().load(Files.readString(Path.of("ops/prometheus/alerts.yml")));
        assertThat((Object) at(the(withMonitoring, "PrometheusRule", "payhook"), "spec", "groups"))
                .as("the PrometheusRule holds ops/prometheus/alerts.yml's rules")
                .isEqualTo(alerts.get("groups"));
    }

    @Test
    void theGatewayRunsTwoReplicasThatStayTwoThroughARollout() throws Exception {
        List<Map<String, Object>> resources = render(DIR.resolve("overlays/production"));
        Map<String, Object> deployment = the(resources, "Deployment", "payhook");
        assertThat((Integer) at(deployment, "spec", "replicas")).isEqualTo(2);
        assertThat((Integer) at(deployment, "spec", "strategy", "rollingUpdate", "maxUnavailable"))
                .isZero();
        // one replica a node, counted per rollout: the surge pod may join a node, so two nodes roll
        Map<String, Object> spread = at(deployment, "spec", "template", "spec", "topologySpreadConstraints", 0);
        assertThat(spread)
                .containsEntry("maxSkew", 1)
                .containsEntry("topologyKey", "kubernetes.io/hostname")
                .containsEntry("whenUnsatisfiable", "DoNotSchedule")
                .containsEntry("nodeTaintsPolicy", "Honor")
                .containsEntry("matchLabelKeys", List.of("pod-template-hash"));
        for (String member : List.of("artemis-primary", "artemis-backup")) {
            assertThat((Map<String, Object>) at(
                            the(resources, "StatefulSet", member),
                            "spec",
                            "template",
                            "spec",
                            "topologySpreadConstraints",
                            0))
                    .as(member + ": the two members one a node where there are two")
                    .containsEntry("whenUnsatisfiable", "DoNotSchedule")
                    .containsEntry(
                            "labelSelector",
                            Map.of(
                                    "matchLabels",
                                    Map.of(
                                            "app.kubernetes.io/name",
                                            "payhook",
                                            "app.kubernetes.io/component",
                                            "broker")));
        }
        assertThat((Map<String, Object>) at(deployment, "spec", "template", "spec"))
                .as("a required anti-affinity would leave the surge pod no node of two")
                .doesNotContainKey("affinity");
        assertThat((Integer) at(the(resources, "PodDisruptionBudget", "payhook"), "spec", "minAvailable"))
                .isEqualTo(1);
        // the stop bound: OutboxWorker's 10 s and broker calls of at most 8 s each, within 30 s
        assertThat((Integer) at(deployment, "spec", "template", "spec", "terminationGracePeriodSeconds"))
                .isGreaterThanOrEqualTo(30);
        assertThat((Object) at(deployment, "spec", "template", "spec", "securityContext", "runAsNonRoot"))
                .isEqualTo(true);
    }

    @Test
    void everyPodIsHardenedAndTheGatewayDrainsBeforeItStops() throws Exception {
        List<Map<String, Object>> resources = render(DIR.resolve("overlays/production"));
        for (Map<String, Object> workload : render(DIR.resolve("overlays/dev")).stream()
                .filter(r -> List.of("Deployment", "StatefulSet").contains(r.get("kind")))
                .toList()) {
            String name = at(workload, "metadata", "name");
            Map<String, Object> pod = at(workload, "spec", "template", "spec");
            assertThat((Object) at(pod, "automountServiceAccountToken"))
                    .as(name)
                    .isEqualTo(false);
            assertThat((Object) at(pod, "securityContext", "runAsNonRoot"))
                    .as(name)
                    .isEqualTo(true);
            assertThat((Object) at(pod, "securityContext", "fsGroup")).as(name).isNotNull();
            assertThat((Object) at(pod, "securityContext", "seccompProfile", "type"))
                    .as(name)
                    .isEqualTo("RuntimeDefault");
            Map<String, Object> container = at(pod, "containers", 0);
            assertThat((Object) at(container, "securityContext", "allowPrivilegeEscalation"))
                    .as(name)
                    .isEqualTo(false);
            assertThat((Object) at(container, "securityContext", "capabilities", "drop"))
                    .as(name)
                    .isEqualTo(List.of("ALL"));
        }
        Map<String, Object> gateway = container(resources);
        assertThat((Object) at(gateway, "securityContext", "readOnlyRootFilesystem"))
                .isEqualTo(true);
        assertThat((List<Map<String, Object>>) at(gateway, "volumeMounts"))
                .as("a writable /tmp, the only place it writes")
                .anySatisfy(m -> assertThat(m).containsEntry("name", "tmp").containsEntry("mountPath", "/tmp"));
        List<String> pause = at(gateway, "lifecycle", "preStop", "exec", "command");
        int grace = at(
                the(resources, "Deployment", "payhook"), "spec", "template", "spec", "terminationGracePeriodSeconds");
        assertThat(Integer.parseInt(pause.get(1)) + 30)
                .as("the pause before SIGTERM and the 30 s stop bound within the grace period")
                .isLessThan(grace);
        for (String member : List.of("artemis-primary", "artemis-backup")) {
            Map<String, Object> broker =
                    at(the(resources, "StatefulSet", member), "spec", "template", "spec", "containers", 0);
            String args = ((List<Map<String, Object>>) at(broker, "env"))
                    .stream()
                            .filter(e -> "JAVA_ARGS_APPEND".equals(e.get("name")))
                            .map(e -> (String) e.get("value"))
                            .findFirst()
                            .orElseThrow();
            Matcher heap = Pattern.compile("-Xmx(\\d+)m").matcher(args);
            assertThat(heap.find())
                    .as(member + ": a heap of its own, after the image's -Xmx2G")
                    .isTrue();
            assertThat(Integer.parseInt(heap.group(1)))
                    .as(member + ": the heap at most 60 % of the memory limit (2Gi)")
                    .isLessThanOrEqualTo(2048 * 60 / 100);
            assertThat((String) at(broker, "resources", "limits", "memory")).isEqualTo("2Gi");
            assertThat(Manifests.variable(broker, "EXTRA_ARGS"))
                    .as(member + ": the console and Jolokia on the pod's loopback, not the image's 0.0.0.0")
                    .containsEntry("value", "--http-host 127.0.0.1");
            assertThat((Object) at(broker, "readinessProbe", "tcpSocket", "port"))
                    .as(member + ": ready when it serves")
                    .isEqualTo("core");
        }
        Map<String, Object> brokers = the(resources, "NetworkPolicy", "artemis");
        assertThat((List<Map<String, Object>>) at(brokers, "spec", "ingress"))
                .as("the brokers take 61616 from the gateways and each other, and nothing else")
                .singleElement()
                .satisfies(rule ->
                        assertThat(rule.get("ports")).isEqualTo(List.of(Map.of("port", 61616, "protocol", "TCP"))))
                .satisfies(rule -> assertThat((List<Map<String, Object>>) rule.get("from"))
                        .extracting(
                                from -> (Object) at(from, "podSelector", "matchLabels", "app.kubernetes.io/component"))
                        .containsExactlyInAnyOrder("gateway", "broker"));
        assertThat((Map<String, Object>) at(the(resources, "PodDisruptionBudget", "artemis"), "spec"))
                .as("the member that serves is never evicted while it is the only one ready")
                .containsEntry("minAvailable", 1)
                .containsEntry("unhealthyPodEvictionPolicy", "AlwaysAllow");
    }

    @Test
    void thePortsAndProbesAreTheGatewaysAndTheManagementPortStaysInTheCluster() throws Exception {
        List<Map<String, Object>> resources = render(DIR.resolve("overlays/production"));
        Map<String, Object> c = container(resources);
        String config = Files.readString(Path.of("config/application.yml"));
        Matcher ops = Pattern.compile("port: \\$\\{PAYHOOK_OPS_PORT:(\\d+)}").matcher(config);
        assertThat(ops.find()).isTrue();
        assertThat(config).as("server.port is Spring's default").doesNotContainPattern("(?m)^server:\\n\\s+port:");
        assertThat((List<Map<String, Object>>) at(c, "ports"))
                .extracting(p -> p.get("containerPort"))
                .containsExactlyInAnyOrder(8080, Integer.parseInt(ops.group(1)));
        for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
            assertThat((Object) at(c, probe, "httpGet", "port")).as(probe).isEqualTo("management");
            String path = at(c, probe, "httpGet", "path");
            assertThat(gateway.request("GET", path, Map.of()).status())
                    .as(probe + " " + path + " answers on a started gateway, without a token")
                    .isEqualTo(200);
        }
        Map<String, Object> management = the(resources, "Service", "payhook-management");
        assertThat((Object) at(management, "spec", "type")).isEqualTo("ClusterIP");
        Map<String, Object> policy = the(resources, "NetworkPolicy", "payhook");
        List<Map<String, Object>> rules = at(policy, "spec", "ingress");
        assertThat(rules)
                .filteredOn(r -> String.valueOf(r.get("ports")).contains("port=8081"))
                .singleElement()
                .satisfies(r -> assertThat((List<Map<String, Object>>) r.get("from"))
                        .as("8081 from this namespace's pods and the monitoring namespace, by its label")
                        .containsExactlyInAnyOrder(
                                Map.of("podSelector", Map.of()),
                                Map.of(
                                        "namespaceSelector",
                                        Map.of("matchLabels", Map.of("kubernetes.io/metadata.name", "monitoring")))));
    }

    @Test
    void everySettingIsWiredAndProviderSettingsComeFromTheSecretOptionally() throws Exception {
        Map<String, Object> c = container(render(DIR.resolve("overlays/production")));
        Set<String> read = new TreeSet<>();
        Matcher m = ENVIRONMENT.matcher(Files.readString(Path.of("config/application.yml")));
        while (m.find()) {
            read.add(m.group(1));
        }
        read.remove("PAYHOOK_OPS_PORT"); // the image's default, 8081, is what the ports name
        List<Map<String, Object>> env = at(c, "env");
        Set<String> wired = new TreeSet<>();
        env.forEach(e -> wired.add((String) e.get("name")));
        assertThat(wired).containsAll(read).contains("SPRING_DATASOURCE_URL", "ARTEMIS_URL", "ARTEMIS_PASSWORD");
        for (Map<String, Object> e : env) {
            String name = (String) e.get("name");
            if (read.contains(name) && !name.startsWith("PAYHOOK_")) {
                assertThat((Object) at(e, "valueFrom", "secretKeyRef", "name"))
                        .as(name)
                        .isEqualTo("payhook-providers");
                assertThat((Object) at(e, "valueFrom", "secretKeyRef", "optional"))
                        .as(name + ": a provider left unset is off, not a pod that cannot start")
                        .isEqualTo(true);
            }
        }
    }

    @Test
    void noSecretValueIsWrittenInAManifest() throws Exception {
        Pattern secretish = Pattern.compile("(?i)(secret|password|token|key)");
        for (String overlay : List.of("dev", "production")) {
            for (Map<String, Object> r : render(DIR.resolve("overlays/" + overlay))) {
                assertThat(r.get("kind")).as(overlay).isNotEqualTo("Secret");
                if (!List.of("Deployment", "StatefulSet").contains(r.get("kind"))) {
                    continue;
                }
                List<Map<String, Object>> containers = at(r, "spec", "template", "spec", "containers");
                for (Map<String, Object> c : containers) {
                    List<Map<String, Object>> env = at(c, "env");
                    for (Map<String, Object> e : env == null ? List.<Map<String, Object>>of() : env) {
                        if (secretish.matcher((String) e.get("name")).find()) {
                            assertThat(e).as(overlay + " " + e.get("name")).doesNotContainKey("value");
                        }
                    }
                }
            }
        }
    }

    @Test
    void theMemoryLimitLeavesTheJvmsBoundsRoom() throws Exception {
        Map<String, Object> c = container(render(DIR.resolve("overlays/production")));
        String options = Files.readString(Path.of("config/jvm.options"));
        long heap = megabytes(options, "-Xmx(\\d+)m");
        long metaspace = megabytes(options, "-XX:MaxMetaspaceSize=(\\d+)m");
        // direct memory is bounded by the heap's size unless the options set it
        Matcher direct = Pattern.compile("-XX:MaxDirectMemorySize=(\\d+)m").matcher(options);
        long bounded = heap + metaspace + (direct.find() ? Long.parseLong(direct.group(1)) : heap);
        String limit = at(c, "resources", "limits", "memory");
        assertThat(limit).endsWith("Gi");
        long limitMb = Long.parseLong(limit.replace("Gi", "")) * 1024;
        assertThat(bounded)
                .as("heap, metaspace and direct memory within 80 % of " + limit)
                .isLessThanOrEqualTo(limitMb * 80 / 100);
    }

    @Test
    void theImageIsThePomsAndTheBrokerIsTheShippedPair() throws Exception {
        List<Map<String, Object>> resources = render(DIR.resolve("overlays/production"));
        assertThat((String) at(container(resources), "image")).isEqualTo("payhook:" + Pom.version());
        Process sync = new ProcessBuilder("bash", "deploy/kubernetes/sync.sh", "--check")
                .redirectErrorStream(true)
                .start();
        String said = new String(sync.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(sync.waitFor()).as(said).isZero();
        Map<String, Object> config = the(resources, "ConfigMap", configMapName(resources, "artemis-config"));
        assertThat((String) at(config, "data", "primary.xml")).contains("<primary>");
        assertThat((String) at(config, "data", "backup.xml")).contains("<allow-failback>false</allow-failback>");
    }

    /** A generated ConfigMap's name carries a hash of its content. */
    private static String configMapName(List<Map<String, Object>> resources, String prefix) {
        return resources.stream()
                .filter(r -> "ConfigMap".equals(r.get("kind")))
                .map(r -> (String) at(r, "metadata", "name"))
                .filter(n -> n.startsWith(prefix + "-"))
                .findFirst()
                .orElseThrow();
    }

    private static long megabytes(String options, String pattern) {
        Matcher m = Pattern.compile(pattern).matcher(options);
        assertThat(m.find()).as(pattern).isTrue();
        return Long.parseLong(m.group(1));
    }
}
