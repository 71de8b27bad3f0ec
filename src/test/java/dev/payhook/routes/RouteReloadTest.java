package dev.payhook.routes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.TestProvider;
import dev.payhook.support.YamlBomb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * With reload on, a route file saved while the gateway runs replaces its routes within seconds; a
 * broken one is refused with its file and line, and the routes that ran still answer.
 */
@ExtendWith(OutputCaptureExtension.class)
// read before the environment is post-processed, as the folder the gateway starts from: a dynamic
// property comes too late for the route files read at start
@TestPropertySource(properties = "payhook.routes.dir=" + RouteReloadTest.FOLDER)
class RouteReloadTest extends GatewayTest {

    static final String FOLDER = "target/route-reload";

    static final Path DIR = folder();
    private static final Path FILE = DIR.resolve("try-it.yaml");
    private static final Duration SECONDS = Duration.ofSeconds(15);

    @Autowired
    CamelContext camel;

    @DynamicPropertySource
    static void reloadOn(DynamicPropertyRegistry registry) {
        registry.add("payhook.routes.reload", () -> "true");
    }

    private ProducerTemplate template;

    @BeforeEach
    void template() {
        template = camel.createProducerTemplate();
    }

    @AfterEach
    void removeTheFile() throws IOException {
        Files.deleteIfExists(FILE);
        await().atMost(SECONDS).until(() -> camel.getRoute("try-it") == null);
    }

    @Test
    void aSavedFileReplacesItsRoutesAndABrokenOneIsRefusedWithItsLine(CapturedOutput output) throws Exception {
        Path twin = DIR.resolve("providers/try-it.yaml");
        Files.createDirectories(twin.getParent());
        Files.writeString(twin, route("twin").replace("try-it", "try-it-twin"));
        await().atMost(SECONDS).until(() -> camel.getRoute("try-it-twin") != null);
        Files.writeString(FILE, route("one"));
        await().atMost(SECONDS).until(() -> "one".equals(answer()));
        Files.writeString(FILE, route("two"));
        await().atMost(SECONDS).until(() -> "two".equals(answer()));
        // the new route answers a moment before the swap is logged
        await().atMost(SECONDS)
                .until(() -> output.getAll().contains("Reloaded " + FILE + ": routes [try-it] replaced by [try-it]"));
        assertThat(camel.getRoute("try-it-twin"))
                .as("a file of the same name in providers/ keeps its routes")
                .isNotNull();
        Files.delete(twin);
        await().atMost(SECONDS).until(() -> camel.getRoute("try-it-twin") == null);

        Files.writeString(FILE, route("three").replace("      steps:", "      steps\n        oops: [")); // line 5
        await().atMost(SECONDS).until(() -> output.getAll().contains("Refused " + FILE));
        assertThat(output.getAll()).contains(FILE + " line ");
        assertThat(answer()).isEqualTo("two");

        Files.writeString(FILE, route("four").replace("setBody", "setBodyy"));
        await().atMost(SECONDS).until(() -> output.getAll().split("Refused " + FILE, -1).length == 3);
        assertThat(answer()).as("the old routes still answer").isEqualTo("two");

        Files.writeString(FILE, route("five").replace("direct:try-it", "nosuch:try-it")); // reads, cannot start
        await().atMost(SECONDS).until(() -> output.getAll().split("Refused " + FILE, -1).length == 4);
        assertThat(output.getAll()
                        .lines()
                        .filter(l -> l.contains("Refused " + FILE))
                        .reduce((a, b) -> b))
                .as("the file, the line and why, in one line")
                .hasValueSatisfying(l -> assertThat(l)
                        .contains("its routes could not start, the previous ones run again: " + FILE + " line ")
                        .contains("no Camel component 'nosuch'"));
        assertThat(answer()).as("the old routes run again").isEqualTo("two");
    }

    @Test
    void aRouteThatWouldTakeFromTheInboundQueueIsRefusedAndPaymentsGoOn(CapturedOutput output) throws Exception {
        Files.writeString(FILE, """
                - route:
                    id: try-it
                    from:
                      uri: "jms:queue:payhook.inbound"
                      steps:
                        - log:
                            message: "took it"
                """);
        await().atMost(SECONDS).until(() -> output.getAll().contains("Refused " + FILE));
        assertThat(output.getAll())
                .contains(FILE + " line 4: route try-it consumes payhook.inbound, which only Payhook's own routes may");
        assertThat(camel.getRoute("try-it")).as("the route never ran").isNull();
        for (int i = 0; i < 5; i++) {
            awaitOrder(pay().order(), "paid");
        }
    }

    @Test
    void processingReplacedByNothingIsNotReadyAndDeletedTheJarsComesBack(CapturedOutput output) throws Exception {
        Path processing = DIR.resolve("processing.yaml");
        try {
            Files.writeString(processing, route("nothing").replace("try-it", "instead-of-processing"));
            await().atMost(SECONDS).until(() -> camel.getRoute("processing") == null);
            await("readiness goes down without a consumer of payhook.inbound")
                    .atMost(SECONDS)
                    .until(() -> gateway.request("GET", "/actuator/health/readiness", java.util.Map.of())
                                    .status()
                            == 503);
        } finally {
            Files.deleteIfExists(processing);
        }
        await().atMost(SECONDS).until(() -> camel.getRoute("processing") != null);
        await().atMost(SECONDS)
                .until(() -> output.getAll()
                        .contains("Reloaded " + processing + " (deleted here: the jar's own runs again)"));
        await().atMost(SECONDS)
                .until(() -> gateway.request("GET", "/actuator/health/readiness", java.util.Map.of())
                                .status()
                        == 200);
        awaitOrder(pay().order(), "paid");
    }

    @Test
    void aTableThatWouldGrowAsItIsReadIsRefusedAndTheNextSaveIsRead(CapturedOutput output) throws Exception {
        Path table = DIR.resolve("types/paddle.yaml");
        Files.createDirectories(table.getParent());
        String laughs = YamlBomb.laughs();
        try {
            Files.writeString(table, laughs + "types:\n  a: { action: ignore }\n");
            await().atMost(SECONDS).until(() -> output.getAll().contains("Refused " + table));
            assertThat(output.getAll()).contains(table + ":1: cannot be read: Number of aliases");
            Files.writeString(table, Files.readString(Path.of("routes/types/paddle.yaml")));
            await("the watcher reads the next save")
                    .atMost(SECONDS)
                    .until(() -> output.getAll().contains("Reloaded the type tables after " + table));
        } finally {
            Files.deleteIfExists(table);
        }
    }

    @Test
    void aSavedTypeTableIsUsedAndAWrongOneIsRefusedWithItsLine(CapturedOutput output) throws Exception {
        Path table = DIR.resolve("types/stripe.yaml");
        Files.createDirectories(table.getParent());
        String shipped = Files.readString(Path.of("routes/types/stripe.yaml"));
        try {
            Files.writeString(
                    table,
                    shipped + "  charge.captured:                { action: payment.succeeded, reader: charge }\n");
            await().atMost(SECONDS).until(() -> output.getAll().contains("Reloaded the type tables after " + table));
            String order = unique("ord");
            gateway.putOrder(order, 2500, "EUR");
            captured(order);
            awaitOrder(order, "paid");

            Files.writeString(
                    table,
                    shipped + "  charge.captured:                { action: payment.sucseeded, reader: charge }\n");
            await().atMost(SECONDS).until(() -> output.getAll().contains("Refused " + table));
            assertThat(output.getAll()).contains(table + ":" + (shipped.lines().count() + 1));
            String second = unique("ord");
            gateway.putOrder(second, 2500, "EUR");
            captured(second);
            awaitOrder(second, "paid");
        } finally {
            Files.writeString(table, shipped);
            await().atMost(SECONDS).until(() -> output.getAll().split("Reloaded the type tables", -1).length == 3);
        }
    }

    @Test
    void anIngressOfOurOwnStillVerifiesAndPersistsAndDeletedTheTemplatesComesBack(CapturedOutput output)
            throws Exception {
        Path own = DIR.resolve("providers/stripe.yaml");
        Files.createDirectories(own.getParent());
        Files.writeString(own, ownStripeIngress("""
                - setBody:
                    constant: '{"received":true}'
                """));
        try {
            await().atMost(SECONDS).until(() -> camel.getRoute("stripe-own") != null);
            String forged = unique("evt");
            byte[] body = TestProvider.STRIPE.payment(forged, unique("pi"), unique("ord"), 100, "EUR", Instant.now());
            assertThat(gateway.post(
                                    "/webhooks/stripe",
                                    "application/json",
                                    body,
                                    TestProvider.STRIPE.sign(
                                            "whsec_forged",
                                            forged,
                                            Instant.now().getEpochSecond(),
                                            body))
                            .status())
                    .as("a forged request to the route of our own")
                    .isEqualTo(401);
            assertThat(gateway.post("/webhooks/stripe", "application/json", body, java.util.Map.of())
                            .status())
                    .as("an unsigned one")
                    .isEqualTo(401);
            assertThat(gateway.get("/ops/refused?provider=stripe").body()).contains("signature_mismatch");
            String order = unique("ord");
            gateway.putOrder(order, 2500, "EUR");
            String event = unique("evt");
            Answer signed = gateway.deliver(
                    TestProvider.STRIPE,
                    event,
                    TestProvider.STRIPE.payment(event, unique("pi"), order, 2500, "EUR", Instant.now()));
            assertThat(signed.status()).isEqualTo(200);
            assertThat(signed.body())
                    .as("the route's own step, after Payhook's")
                    .isEqualTo("{\"received\":true}");
            awaitOrder(order, "paid");

            Files.writeString(own, ownStripeIngress("""
                    - bean:
                        ref: ingress
                        method: admit
                    """));
            await().atMost(SECONDS).until(() -> output.getAll().contains("calls the ingress bean itself"));
            assertThat(output.getAll())
                    .contains("route stripe-own calls the ingress bean itself")
                    .doesNotContain("could not be restarted");
            String again = unique("evt");
            assertThat(gateway.deliver(
                                    TestProvider.STRIPE,
                                    again,
                                    TestProvider.STRIPE.payment(
                                            again, unique("pi"), unique("ord"), 100, "EUR", Instant.now()))
                            .body())
                    .as("the route that ran goes on")
                    .isEqualTo("{\"received\":true}");
        } finally {
            Files.delete(own);
        }
        await().atMost(SECONDS)
                .until(() -> camel.getRoute("stripe-own") == null && camel.getRoute("ingress-stripe") != null);
        awaitOrder(pay().order(), "paid");
    }

    @Test
    void aRouteOfOurOwnOnASubscriberQueueLeavesARecordOfWhatItTook() throws Exception {
        Path own = DIR.resolve("own-subscriber.yaml");
        Files.writeString(own, """
                - route:
                    id: own-subscriber
                    from:
                      uri: jms:queue:payhook.events::payhook.events.own-subscriber
                      steps:
                        - removeHeaders:
                            pattern: "*"
                        - setBody:
                            constant: "taken"
                """);
        try {
            await().atMost(SECONDS).until(() -> camel.getRoute("own-subscriber") != null);
            Paid paid = pay();
            String order = paid.order();
            String event = paid.event();
            awaitOrder(order, "paid");
            await().atMost(SECONDS)
                    .until(() -> jdbc.queryForList(
                                    "SELECT message_key || ' ' || state || ' ' || attempts FROM delivery_latest"
                                            + " WHERE subscriber = 'own-subscriber' AND message_key IN (?, ?)"
                                            + " ORDER BY message_key",
                                    String.class,
                                    "event:stripe:" + event,
                                    "order:" + order + ":1")
                            .equals(List.of(
                                    "event:stripe:" + event + " delivered 1", "order:" + order + ":1 delivered 1")));
        } finally {
            Files.delete(own);
            await().atMost(SECONDS).until(() -> camel.getRoute("own-subscriber") == null);
        }
    }

    @Test
    void theGuidesRouteTemplateMakesOneRouteAQueueAndARecordPerTeam() {
        String key = "order:" + pay().order() + ":1";
        for (String team : List.of("sales", "support")) {
            await().atMost(SECONDS)
                    .until(() -> !MerchantReceiver.received(team, key).isEmpty());
            assertThat(MerchantReceiver.received(team, key).get(0).getBodyAsString())
                    .isEqualTo("{\"text\":\"paid: " + key + "\"}");
        }
        await().atMost(SECONDS)
                .until(() -> jdbc.queryForList(
                                "SELECT subscriber || ' ' || state FROM delivery_latest WHERE message_key = ? ORDER BY 1",
                                String.class,
                                key)
                        .containsAll(List.of("sales-chat delivered", "support-chat delivered")));
    }

    /** A route file of our own serving Stripe's path, with {@code steps} (YAML, from column 0). */
    private static String ownStripeIngress(String steps) {
        return """
                - route:
                    id: stripe-own
                    from:
                      uri: "platform-http:/webhooks/stripe"
                      steps:
                """ + steps.lines().map(line -> "        " + line + "\n").collect(java.util.stream.Collectors.joining());
    }

    private record Paid(String order, String event) {}

    /** A new order, and the signed Stripe payment that pays it. */
    private Paid pay() {
        String order = unique("ord");
        gateway.putOrder(order, 2500, "EUR");
        String event = unique("evt");
        assertThat(gateway.deliver(
                                TestProvider.STRIPE,
                                event,
                                TestProvider.STRIPE.payment(event, unique("pi"), order, 2500, "EUR", Instant.now()))
                        .status())
                .as("accepted")
                .isEqualTo(200);
        return new Paid(order, event);
    }

    private void captured(String order) {
        String event = unique("evt");
        gateway.deliver(TestProvider.STRIPE, event, TypeTableOverrideTest.chargeCaptured(event, unique("pi"), order));
    }

    /** A routes folder holding, from the start, docs/integrating.md's route template and its two routes. */
    private static Path folder() {
        try {
            Path dir = Path.of(FOLDER);
            org.springframework.util.FileSystemUtils.deleteRecursively(dir);
            Files.createDirectories(dir);
            String readme = Files.readString(Path.of("docs/integrating.md"));
            for (String file : List.of("templates/tell-chat.yaml", "chat.yaml")) {
                Matcher block = Pattern.compile("# \\./routes/" + Pattern.quote(file) + "\n(.*?)```", Pattern.DOTALL)
                        .matcher(readme);
                assertThat(block.find())
                        .as("docs/integrating.md's ./routes/" + file)
                        .isTrue();
                Files.createDirectories(dir.resolve(file).getParent());
                Files.writeString(
                        dir.resolve(file),
                        block.group(1)
                                .replace(
                                        "https://chat.example.com",
                                        MerchantReceiver.server().baseUrl()));
            }
            return dir;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private String answer() {
        return camel.getRoute("try-it") == null ? null : template.requestBody("direct:try-it", "", String.class);
    }

    private static String route(String body) {
        return """
                - route:
                    id: try-it
                    from:
                      uri: direct:try-it
                      steps:
                        - setBody:
                            constant: "%s"
                """.formatted(body);
    }
}
