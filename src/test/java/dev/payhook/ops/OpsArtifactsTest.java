package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.support.GatewayProcess;
import dev.payhook.support.JavaSources;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.Scrape;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * ops/prometheus/alerts.yml and ops/grafana/payhook.json as Prometheus and Grafana will read them:
 * rules that promtool accepts (Debian's prometheus package, which .ci/run installs),
 * and no query about a metric the gateway does not register.
 */
class OpsArtifactsTest {

    private static final Path ALERTS = Path.of("ops/prometheus/alerts.yml");
    private static final Path DASHBOARD = Path.of("ops/grafana/payhook.json");
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");
    private static final Pattern QUERIED = Pattern.compile("\\b(payhook_[a-z_]+)");
    private static final Pattern REGISTERED = Pattern.compile("\"(payhook\\.[a-z_.]+)\"");
    /** A metric in a PromQL expression, with its label matchers. */
    private static final Pattern SELECTOR = Pattern.compile("\\b(payhook_[a-z_]+)(?:\\{([^}]*)})?");

    private static final Pattern EQUAL_LABEL = Pattern.compile("(\\w+)\\s*=\\s*\"([^\"]*)\"");

    @Test
    void theAlertRulesAreValid() throws Exception {
        assertThat(Files.isExecutable(PROMTOOL))
                .as("the rules are checked with promtool from Debian's prometheus (.ci/run installs it)")
                .isTrue();
        Process check = new ProcessBuilder(PROMTOOL.toString(), "check", "rules", ALERTS.toString())
                .redirectErrorStream(true)
                .start();
        String said = assertTimeoutPreemptively(
                Duration.ofMinutes(1), () -> new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        assertThat(check.waitFor()).as(said).isZero();
        Map<String, Object> file = new Yaml().load(Files.readString(ALERTS));
        List<?> groups = (List<?>) file.get("groups");
        assertThat(groups).isNotEmpty();
        for (Object group : groups) {
            for (Object r : (List<?>) ((Map<?, ?>) group).get("rules")) {
                Map<?, ?> rule = (Map<?, ?>) r;
                assertThat(rule.get("alert")).as("alert name").isInstanceOf(String.class);
                assertThat(rule.get("expr")).as(rule.get("alert") + " expr").isInstanceOf(String.class);
                assertThat(((Map<?, ?>) rule.get("labels")).get("severity"))
                        .as(rule.get("alert") + " severity")
                        .isNotNull();
                assertThat(((Map<?, ?>) rule.get("annotations")).get("summary"))
                        .as(rule.get("alert") + " summary")
                        .isNotNull();
            }
        }
    }

    @Test
    void theDashboardHasAQueryInEveryPanel() throws IOException {
        JsonNode dashboard = JsonMapper.builder().build().readTree(Files.readString(DASHBOARD));
        assertThat(dashboard.path("title").asString()).isEqualTo("Payhook");
        assertThat(dashboard.path("panels").size()).isPositive();
        for (JsonNode panel : dashboard.path("panels")) {
            assertThat(panel.path("targets").size())
                    .as(panel.path("title").asString())
                    .isPositive();
            for (JsonNode target : panel.path("targets")) {
                assertThat(target.path("expr").asString())
                        .as(panel.path("title").asString())
                        .contains("payhook_");
            }
        }
    }

    @Test
    void everyMetricTheRulesAndTheDashboardQueryIsOneTheGatewayRegisters() throws IOException {
        Set<String> registered = registered();
        assertThat(registered).contains("payhook_receipts", "payhook_queue_depth", "payhook_outbox_lag");
        Set<String> unknown = new TreeSet<>();
        for (Path file : List.of(ALERTS, DASHBOARD)) {
            Matcher m = QUERIED.matcher(Files.readString(file));
            while (m.find()) {
                if (!registered.contains(family(m.group(1)))) {
                    unknown.add(file + ": " + m.group(1));
                }
            }
        }
        assertThat(unknown).as("queried but never registered").isEmpty();
    }

    /**
     * Before the first of anything happens, every series a rule or a panel reads is there at zero, so
     * a rule on {@code increase()} tells "none yet" from "not reported" and no panel says "no data".
     */
    @Test
    void everySeriesTheRulesAndTheDashboardQueryExistsOnAFreshGateway(@TempDir Path data) throws IOException {
        List<String> queries = new ArrayList<>();
        Map<String, Object> file = new Yaml().load(Files.readString(ALERTS));
        for (Object group : (List<?>) file.get("groups")) {
            for (Object rule : (List<?>) ((Map<?, ?>) group).get("rules")) {
                queries.add((String) ((Map<?, ?>) rule).get("expr"));
            }
        }
        for (JsonNode panel : JsonMapper.builder()
                .build()
                .readTree(Files.readString(DASHBOARD))
                .path("panels")) {
            panel.path("targets")
                    .forEach(target -> queries.add(target.path("expr").asString()));
        }
        // a merchant endpoint that is never called: its series are there all the same
        try (GatewayProcess fresh = GatewayProcess.start(
                data,
                "--payhook.deliveries.shop.url=https://shop.example.test/payhook",
                "--payhook.deliveries.shop.secrets[0]=" + MerchantReceiver.SECRET,
                "--payhook.branches.chat.to=log:chat",
                "--payhook.branches.chat.events[0]=stripe:customer.updated")) {
            Scrape scrape = Scrape.of(fresh.gateway);
            Set<String> missing = new TreeSet<>();
            for (String query : queries) {
                Matcher selector = SELECTOR.matcher(query);
                while (selector.find()) {
                    List<String> equal = new ArrayList<>();
                    Matcher label = EQUAL_LABEL.matcher(selector.group(2) == null ? "" : selector.group(2));
                    while (label.find()) {
                        equal.add(label.group(1) + "=" + label.group(2));
                    }
                    if (!scrape.has(selector.group(1), equal.toArray(String[]::new))) {
                        missing.add(selector.group());
                    }
                }
            }
            for (ReceiptOutcome outcome : ReceiptOutcome.values()) {
                if (outcome != ReceiptOutcome.RECEIVED) {
                    expect(
                            scrape,
                            missing,
                            "payhook_receipts_total",
                            "provider=stripe",
                            "outcome=" + outcome.wireName());
                }
            }
            for (DeadLetterReason reason : DeadLetterReason.values()) {
                expect(
                        scrape,
                        missing,
                        "payhook_processing_dead_lettered_total",
                        "provider=stripe",
                        "reason=" + reason.wireName());
            }
            expect(scrape, missing, "payhook_ingress_rejected_total", "provider=stripe");
            expect(scrape, missing, "payhook_processing_failures_total", "cause=infrastructure");
            assertThat(missing).as("series absent on a fresh gateway").isEmpty();
        }
    }

    private static void expect(Scrape scrape, Set<String> missing, String name, String... labels) {
        if (!scrape.has(name, labels)) {
            missing.add(name + List.of(labels));
        }
    }

    /** The meter names in the main code, as Prometheus names them without their suffixes. */
    private static Set<String> registered() throws IOException {
        Set<String> names = new TreeSet<>();
        JavaSources.find(Path.of("src/main/java"), REGISTERED).forEach(n -> names.add(n.replace('.', '_')));
        return names;
    }

    /** payhook_processing_latency_seconds_bucket -> payhook_processing_latency. */
    private static String family(String series) {
        return series.replaceFirst("(_seconds)?(_total|_bucket|_count|_sum|_max)?$", "");
    }
}
