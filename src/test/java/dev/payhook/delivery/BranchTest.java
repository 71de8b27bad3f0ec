package dev.payhook.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.standardwebhooks.Webhook;
import dev.payhook.send.SampleValues;
import dev.payhook.support.Fixtures;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.ServedContracts;
import dev.payhook.support.TestProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An integrator's branches (payhook.branches): provider events by type to their own Camel endpoint,
 * here an HTTP server, after the gateway committed; a failure retried, then parked and replayed by
 * ops; an endpoint that hangs holds back nothing but itself.
 */
@ExtendWith(OutputCaptureExtension.class)
class BranchTest extends GatewayTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The YAML block after docs/integrating.md says "a route of your own". */
    private static final Pattern GUIDE_ROUTE =
            Pattern.compile("a route of your own.*?```yaml\\n(.*?)```", Pattern.DOTALL);

    private static final String CRM = "https://crm.example.com/customers/events";

    /** The headers docs/integrating.md says a branch's endpoint gets. */
    private static final Set<String> DOCUMENTED = Set.of(
            "content-type",
            "payhookprovider",
            "payhookeventtype",
            "payhookeventid",
            "idempotency-key",
            "webhook-id",
            "webhook-timestamp",
            "webhook-signature",
            "traceparent");

    /** The CRM's secrets while it rotates: every event is signed with both. */
    private static final String CRM_SECRETS = MerchantReceiver.SECRET + "," + MerchantReceiver.PREVIOUS_SECRET;

    @Autowired
    CamelContext camel;

    @DynamicPropertySource
    static void branches(DynamicPropertyRegistry registry) throws IOException {
        // the worked example, as config/application.yml has it commented out: its to pointed here,
        // its schedule short enough for a test, one type more
        Map<String, Object> crm = exampleBranch();
        crm.forEach((name, value) -> {
            if (value instanceof List<?> list) {
                for (int i = 0; i < list.size(); i++) {
                    Object item = list.get(i);
                    registry.add("payhook.branches.crm." + name + "[" + i + "]", () -> item);
                }
            } else {
                registry.add("payhook.branches.crm." + name, () -> value);
            }
        });
        registry.add("payhook.branches.crm.to", () -> MerchantReceiver.url("crm"));
        registry.add("payhook.branches.crm.secrets", () -> CRM_SECRETS);
        registry.add("payhook.branches.crm.events[2]", () -> "stripe:customer.deleted");
        registry.add("payhook.branches.crm.retry-schedule", () -> "200ms,200ms");
        registry.add("payhook.branches.crm-route.to", () -> "direct:crm");
        registry.add("payhook.branches.crm-route.events[0]", () -> "stripe:customer.created");
        registry.add("payhook.branches.ledger.to", () -> MerchantReceiver.url("ledger") + "?responseTimeout=60000");
        registry.add("payhook.branches.ledger.events[0]", () -> "stripe:payment_intent.*");
        registry.add("payhook.branches.ledger.secrets", () -> MerchantReceiver.SECRET);
    }

    @Test
    void aBranchGetsEachEventOnceAfterItsCommitWithItsKey() throws Exception {
        String customer = unique("cus");
        String eventId = unique("evt");
        byte[] updated = customerEvent(eventId, "customer.updated", customer);

        assertThat(gateway.deliver(TestProvider.STRIPE, eventId, updated).status())
                .isEqualTo(200);
        LoggedRequest got = await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received("crm", eventId), r -> !r.isEmpty())
                .get(0);
        assertThat(got.getHeader("Idempotency-Key")).isEqualTo("stripe:" + eventId);
        assertThat(got.getHeader("webhook-id")).isEqualTo("stripe:" + eventId);
        for (String secret : List.of(MerchantReceiver.SECRET, MerchantReceiver.PREVIOUS_SECRET)) {
            new Webhook(secret).verify(got.getBodyAsString(), MerchantReceiver.headers(got));
        }
        assertThat(MerchantReceiver.undocumented(got, DOCUMENTED))
                .as("only Payhook's documented headers leave for the CRM")
                .isEmpty();
        assertThat(got.getHeader("PayhookEventType")).isEqualTo("customer.updated");
        assertThat(got.getHeader("PayhookProvider")).isEqualTo("stripe");
        JsonNode message = JSON.readTree(got.getBodyAsString());
        assertThat(message.path("type").asString()).isEqualTo("stripe:customer.updated");
        assertThat(ServedContracts.of(gateway).fitting(message)).containsExactly("branch.json");
        JsonNode body = message.path("data");
        assertThat(body.path("payload").path("data").path("object").path("id").asString())
                .isEqualTo(customer);
        assertThat(body.path("reading").path("type").asString()).isEqualTo("other");
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ? AND outcome = 'ignored'", eventId))
                .as("committed before the branch heard of it")
                .isEqualTo(1);

        // the provider sends it again: a duplicate has no effect, and the branch does not hear of it twice
        assertThat(gateway.deliver(TestProvider.STRIPE, eventId, updated).status())
                .isEqualTo(200);
        awaitReceipts("stripe", eventId, 2);
        String later = unique("evt");
        gateway.deliver(TestProvider.STRIPE, later, customerEvent(later, "customer.deleted", customer));
        await().atMost(DEADLINE).until(() -> MerchantReceiver.received("crm", later), r -> !r.isEmpty());
        assertThat(MerchantReceiver.received("crm", eventId)).hasSize(1);
    }

    @Test
    void theConfigsWorkedExampleTellsTheCrmOfStripeAndPaddleCustomerUpdates() throws IOException {
        assertThat(exampleBranch().get("events"))
                .isEqualTo(List.of("stripe:customer.updated", "paddle:customer.updated"));
        for (TestProvider provider : List.of(TestProvider.PADDLE, TestProvider.STRIPE)) {
            String event = unique("evt");
            byte[] updated = Fixtures.sample(
                    provider.id,
                    "customer.updated",
                    SampleValues.of(event, unique("pay"), unique("ord"), 0, "USD", Instant.now()));
            assertThat(gateway.deliver(provider, event, updated).status()).isEqualTo(200);
            String key = provider.id + ":" + event;
            LoggedRequest got = await().atMost(DEADLINE)
                    .until(() -> MerchantReceiver.received("crm", event), r -> !r.isEmpty())
                    .get(0);
            assertThat(got.getHeader("Idempotency-Key")).isEqualTo(key);
            assertThat(got.getHeader("PayhookEventType")).isEqualTo("customer.updated");
        }
    }

    @Test
    void theGuidesRouteBehindABranchTellsTheCrm() throws Exception {
        Matcher example = GUIDE_ROUTE.matcher(Files.readString(Path.of("docs/integrating.md")));
        assertThat(example.find()).as("docs/integrating.md's branch route").isTrue();
        PluginHelper.getRoutesLoader(camel)
                .loadRoutes(ResourceHelper.fromString(
                        "crm.yaml", example.group(1).replace(CRM, MerchantReceiver.url("crm-route"))));

        String eventId = unique("evt");
        gateway.deliver(TestProvider.STRIPE, eventId, customerEvent(eventId, "customer.created", unique("cus")));
        LoggedRequest told = await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received("crm-route", eventId), r -> !r.isEmpty())
                .get(0);
        assertThat(told.getBodyAsString())
                .isEqualTo("{\"source\":\"stripe\",\"event\":\"customer.created\",\"id\":\"" + eventId + "\"}");
    }

    @Test
    void aFailingEndpointIsRetriedThenParkedAndReplayedByOps(CapturedOutput output) {
        String eventId = unique("evt");
        StubMapping down = MerchantReceiver.answer("crm", eventId, aResponse().withStatus(500));
        try {
            gateway.deliver(TestProvider.STRIPE, eventId, customerEvent(eventId, "customer.updated", unique("cus")));
            JsonNode parked = await().atMost(DEADLINE).until(() -> parked(eventId), p -> p != null);
            assertThat(MerchantReceiver.received("crm", eventId)).hasSize(3);
            assertThat(parked.path("endpoint").asString()).isEqualTo("crm");
            assertThat(parked.path("attempts").asInt()).isEqualTo(3);
            assertThat(parked.path("last_response").asString()).contains("500");
            assertThat(output.getAll())
                    .as("a parked event is said, once, in the log")
                    .contains("Parked provider-event:stripe:" + eventId
                            + " of branch crm after 3 attempts, the last answered" + " HTTP 500");
            assertThat(gateway.get("/actuator/prometheus").body())
                    .containsPattern("payhook_branch_parked_total\\{branch=\"crm\"} [1-9]");
        } finally {
            MerchantReceiver.server().removeStub(down);
        }
        assertThat(gateway.call("POST", "/ops/deliveries/failed/replay", "{\"endpoint\":\"crm\"}")
                        .status())
                .isEqualTo(202);
        await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received("crm", eventId).size() == 4);
        assertThat(parked(eventId)).isNull();
    }

    @Test
    void paymentsGoOnWhileABranchEndpointHangs() {
        MerchantReceiver.server()
                .stubFor(post(urlPathEqualTo("/hooks/ledger"))
                        .willReturn(aResponse().withStatus(200).withFixedDelay(8_000)));
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String order = unique("ord");
            orders.add(order);
            gateway.putOrder(order, 1000, "EUR");
            String eventId = unique("evt");
            gateway.deliver(
                    TestProvider.STRIPE,
                    eventId,
                    TestProvider.STRIPE.payment(eventId, unique("pi"), order, 1000, "EUR", Instant.now()));
        }
        orders.forEach(order -> awaitOrder(order, "paid"));
        assertThat(MerchantReceiver.server().findAll(postRequestedFor(urlPathEqualTo("/hooks/ledger"))))
                .as("the branch's one consumer is still waiting on its first event")
                .hasSizeLessThan(orders.size());
    }

    private JsonNode parked(String eventId) {
        for (JsonNode row : gateway.get("/ops/deliveries/failed?endpoint=crm").json()) {
            if (row.path("webhook_id").asString().endsWith(eventId)) {
                return row;
            }
        }
        return null;
    }

    /** The commented {@code branches:} block of config/application.yml, uncommented: its crm branch. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> exampleBranch() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("config/application.yml"));
        int start = lines.indexOf("  # branches:");
        StringBuilder block = new StringBuilder();
        for (int i = start; i < lines.size() && lines.get(i).startsWith("  # "); i++) {
            block.append(lines.get(i).substring("  # ".length())).append('\n');
        }
        Map<String, Object> branches = new org.yaml.snakeyaml.Yaml()
                .<Map<String, Map<String, Object>>>load(block.toString())
                .get("branches");
        return new java.util.LinkedHashMap<>((Map<String, Object>) branches.get("crm"));
    }

    private static byte[] customerEvent(String eventId, String type, String customer) {
        return """
                {"id":"%s","object":"event","api_version":"2024-06-20","created":%d,"type":"%s","livemode":false,
                 "data":{"object":{"id":"%s","object":"customer","email":"jenny@example.com"}}}
                """.formatted(eventId, Instant.now().getEpochSecond(), type, customer)
                .getBytes(StandardCharsets.UTF_8);
    }
}
