package dev.payhook.deploy;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.Yaml;

/**
 * deploy/helm/payhook rendered in-process (helm-java: Helm's own Go code, no helm binary), and the
 * files of deploy/kubernetes that are the chart's rendering. Run as a program by
 * deploy/kubernetes/sync.sh, it writes them; KustomizeFromChartTest fails when they differ.
 */
public final class HelmChart {

    static final Path CHART = Path.of("deploy/helm/payhook");
    static final Path KUSTOMIZE = Path.of("deploy/kubernetes");
    /** The release name that gives the object names deploy/kubernetes has always had. */
    static final String RELEASE = "payhook";

    private static final Pattern DOCUMENTS = Pattern.compile("(?m)^---\\n");

    private HelmChart() {}

    /** The chart rendered with a values file (or none) and {@code --set} pairs. */
    static String template(Path values, Map<String, Object> sets) {
        TemplateCommand template = new Helm(CHART).template().withName(RELEASE).withNamespace("payhook");
        if (values != null) {
            template = template.withValuesFile(values.toAbsolutePath());
        }
        for (Map.Entry<String, Object> set : sets.entrySet()) {
            template = template.set(set.getKey(), set.getValue());
        }
        return template.call();
    }

    /** The rendered objects, parsed. */
    static List<Map<String, Object>> objects(String rendered) {
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object document : new Yaml().loadAll(rendered)) {
            if (document != null) {
                @SuppressWarnings("unchecked")
                Map<String, Object> object = (Map<String, Object>) document;
                objects.add(object);
            }
        }
        return objects;
    }

    /** Each file of deploy/kubernetes the chart writes, with the text it should hold. */
    static Map<Path, String> kustomizeFiles() {
        String header = "# Written by deploy/kubernetes/sync.sh from deploy/helm/payhook: edit the chart.\n";
        String base = template(null, Map.of("configMaps.create", false));
        String monitored = template(
                null,
                Map.of(
                        "configMaps.create", false,
                        "monitoring.serviceMonitor.enabled", true,
                        "monitoring.prometheusRule.enabled", true));
        return Map.of(
                KUSTOMIZE.resolve("base/payhook.yaml"), header + base,
                KUSTOMIZE.resolve("components/servicemonitor/servicemonitor.yaml"),
                        header + document(monitored, "kind: ServiceMonitor"),
                KUSTOMIZE.resolve("components/prometheusrule/prometheusrule.yaml"),
                        header + document(monitored, "kind: PrometheusRule"));
    }

    /** The one rendered document that holds {@code line}, as Helm wrote it. */
    private static String document(String rendered, String line) {
        List<String> found = DOCUMENTS
                .splitAsStream(rendered)
                .filter(document -> document.contains("\n" + line + "\n"))
                .toList();
        if (found.size() != 1) {
            throw new IllegalStateException(found.size() + " rendered documents hold " + line);
        }
        return "---\n" + found.get(0);
    }

    public static void main(String[] args) throws IOException {
        for (Map.Entry<Path, String> file : kustomizeFiles().entrySet()) {
            Files.writeString(file.getKey(), file.getValue());
            System.out.println("wrote " + file.getKey());
        }
    }
}
