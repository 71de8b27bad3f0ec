package dev.payhook.deploy;

import static dev.payhook.deploy.Manifests.at;
import static dev.payhook.deploy.Manifests.the;
import static dev.payhook.deploy.Manifests.variable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import dev.payhook.support.Pom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * deploy/helm/payhook, rendered in-process as {@code helm template} would: it lints, every documented
 * mode renders objects the Kubernetes API takes, each mode does what its values say, the schema
 * refuses what it does not know, and deploy/kubernetes is its rendering, not a second copy.
 */
class HelmChartTest {

    private static List<Map<String, Object>> render(Path values, Map<String, Object> sets) {
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template(values, sets));
        objects.forEach(KubernetesModel::read);
        return objects;
    }

    @Test
    void deployKubernetesIsTheChartsRendering() throws IOException {
        for (Map.Entry<Path, String> file : HelmChart.kustomizeFiles().entrySet()) {
            assertThat(Files.readString(file.getKey()))
                    .as(file.getKey() + " is the chart's rendering: run deploy/kubernetes/sync.sh")
                    .isEqualTo(file.getValue());
        }
    }

    @Test
    void theChartLintsStrictlyAndIsThePomsVersion() throws IOException {
        LintResult lint = new Helm(HelmChart.CHART).lint().strict().call();
        assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
        Map<String, Object> chart = new Yaml().load(Files.readString(HelmChart.CHART.resolve("Chart.yaml")));
        assertThat(chart).containsEntry("version", Pom.version()).containsEntry("appVersion", Pom.version());
    }

    @Test
    void everyDocumentedModeRendersObjectsTheApiTakes() throws IOException {
        List<Path> modes;
        try (Stream<Path> files = Files.list(HelmChart.CHART.resolve("ci"))) {
            modes = files.sorted().toList();
        }
        assertThat(modes).hasSizeGreaterThanOrEqualTo(2);
        assertThat(render(null, Map.of()))
                .extracting(o -> (Object) o.get("kind"))
                .contains("Deployment", "StatefulSet");
        for (Path mode : modes) {
            assertThat(render(mode, Map.of())).as(mode.toString()).isNotEmpty();
        }
    }

    @Test
    void theDefaultsRunThePairWithTheirConfigMapsAndRollWhenTheyChange() {
        List<Map<String, Object>> objects = render(null, Map.of());
        Map<String, Object> gateway = Manifests.container(objects, "Deployment", "payhook");
        assertThat((String) at(gateway, "image")).isEqualTo("payhook:" + Pom.version());
        assertThat(variable(gateway, "ARTEMIS_URL"))
                .containsEntry(
                        "value",
                        "(tcp://artemis-primary-0.artemis-primary:61616,tcp://artemis-backup-0.artemis-backup:61616)"
                                + "?ha=true&reconnectAttempts=-1");
        for (String map : List.of("payhook-config", "payhook-routes", "payhook-settings", "artemis-config")) {
            the(objects, "ConfigMap", map);
        }
        String before = at(
                the(objects, "Deployment", "payhook"),
                "spec",
                "template",
                "metadata",
                "annotations",
                "checksum/config");
        String after = at(
                the(render(null, Map.of("trustedProxies", "10.0.0.0/8")), "Deployment", "payhook"),
                "spec",
                "template",
                "metadata",
                "annotations",
                "checksum/config");
        assertThat(after).as("a changed setting rolls the gateway's pods").isNotEqualTo(before);
        Map<String, Object> routes =
                the(render(null, Map.of("routes.audit\\.yaml", "- route: {}")), "ConfigMap", "payhook-routes");
        assertThat((Map<String, Object>) at(routes, "data")).containsEntry("audit.yaml", "- route: {}\n");
    }

    @Test
    void anExternalBrokerReplacesThePair() throws IOException {
        Path values = HelmChart.CHART.resolve("ci/external-broker-values.yaml");
        List<Map<String, Object>> objects = render(values, Map.of());
        assertThat(objects)
                .as("no broker object in the release")
                .noneSatisfy(o -> assertThat((Object) at(o, "metadata", "labels", "app.kubernetes.io/component"))
                        .isEqualTo("broker"));
        Map<String, Object> declared = new Yaml().load(Files.readString(values));
        assertThat(variable(Manifests.container(objects, "Deployment", "payhook"), "ARTEMIS_URL"))
                .containsEntry("value", at(declared, "broker", "url"));
    }

    @Test
    void productionValuesPinTheImageExposeThePublicPortAndScrapeWithAReadToken() {
        List<Map<String, Object>> objects = render(HelmChart.CHART.resolve("ci/production-values.yaml"), Map.of());
        Map<String, Object> deployment = the(objects, "Deployment", "payhook");
        Map<String, Object> gateway = Manifests.container(objects, "Deployment", "payhook");
        assertThat((String) at(gateway, "image"))
                .isEqualTo("registry.example.com/payments/payhook@sha256:"
                        + "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945");
        assertThat((Object) at(deployment, "spec", "template", "spec", "imagePullSecrets"))
                .isEqualTo(List.of(Map.of("name", "registry-credentials")));
        assertThat((Integer) at(deployment, "spec", "replicas")).isEqualTo(3);
        Map<String, Object> ingress = the(objects, "Ingress", "payhook");
        assertThat((Object) at(ingress, "spec", "tls", 0, "secretName")).isEqualTo("hooks-example-com-tls");
        assertThat((List<Map<String, Object>>) at(ingress, "spec", "rules", 0, "http", "paths"))
                .as("the public port's paths only, never the management port")
                .extracting(p -> (Object) p.get("path"), p -> (Object) at(p, "backend", "service", "port", "name"))
                .containsExactly(tuple("/webhooks", "public"), tuple("/returns", "public"));
        assertThat(variable(gateway, "PAYHOOK_OPS_TOKENS_METRICS_TOKEN"))
                .as("the scrape's token is required once the ServiceMonitor asks for it")
                .isEqualTo(Map.of(
                        "name",
                        "PAYHOOK_OPS_TOKENS_METRICS_TOKEN",
                        "valueFrom",
                        Map.of("secretKeyRef", Map.of("name", "payhook-ops", "key", "metrics-token"))));
        assertThat(variable(gateway, "PAYHOOK_OPS_TOKENS_METRICS_ROLES")).containsEntry("value", "read");
        Map<String, Object> monitor = the(objects, "ServiceMonitor", "payhook");
        assertThat((Object) at(monitor, "spec", "endpoints", 0, "authorization", "credentials"))
                .isEqualTo(Map.of("name", "payhook-ops", "key", "metrics-token"));
        assertThat((Object) at(monitor, "metadata", "labels", "release")).isEqualTo("kube-prometheus-stack");
        the(objects, "PrometheusRule", "payhook");
        Map<String, Object> primary = the(objects, "StatefulSet", "artemis-primary");
        String args =
                (String) variable(Manifests.container(objects, "StatefulSet", "artemis-primary"), "JAVA_ARGS_APPEND")
                        .get("value");
        assertThat(args)
                .as("the heap 60 % of the 4Gi limit, and the network check")
                .contains("-Xmx2457m")
                .contains("-Dpayhook.broker.network-check-urls="
                        + "http://ingress-nginx-controller-metrics.ingress-nginx:10254/healthz");
        assertThat((Object) at(primary, "spec", "volumeClaimTemplates", 0, "spec", "storageClassName"))
                .isEqualTo("fast-ssd");
        assertThat(variable(gateway, "PAYHOOK_TRUSTED_PROXIES").toString()).contains("payhook-settings");
        assertThat((Object) at(the(objects, "ConfigMap", "payhook-settings"), "data", "trusted-proxies"))
                .isEqualTo("10.0.0.0/8");
    }

    @Test
    void theApiModelRefusesAFieldItDoesNotKnow() {
        Map<String, Object> typo = Map.of(
                "apiVersion",
                "apps/v1",
                "kind",
                "Deployment",
                "metadata",
                Map.of("name", "payhook"),
                "spec",
                Map.of("replica", 2));
        assertThatThrownBy(() -> KubernetesModel.read(typo))
                .hasMessageContaining("Deployment payhook")
                .hasMessageContaining("replica");
    }

    @Test
    void theSchemaRefusesWhatItDoesNotKnowAndNamesIt() {
        assertThatThrownBy(() -> HelmChart.template(null, Map.of("broker.mode", "single")))
                .hasMessageContaining("broker.mode");
        assertThatThrownBy(() -> HelmChart.template(null, Map.of("brokr.mode", "pair")))
                .hasMessageContaining("brokr");
        assertThatThrownBy(() -> HelmChart.template(null, Map.of("broker.mode", "external")))
                .hasMessageContaining("url");
        assertThatThrownBy(() -> HelmChart.template(null, Map.of("gateway.replicas", 1)))
                .hasMessageContaining("replicas");
        assertThatThrownBy(() -> HelmChart.template(null, Map.of("broker.resources.limits.memory", "2G")))
                .hasMessageContaining("memory");
    }
}
