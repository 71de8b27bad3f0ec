package dev.payhook.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.standardwebhooks.Webhook;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.Scrape;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The merchant's web application is told over HTTP (DESIGN.md §11.2): signed as Standard Webhooks so
 * that its library verifies it with either secret, the same webhook-id on every attempt, retried
 * until a 2xx, failed after the schedule and replayed by ops.
 */
@ExtendWith(OutputCaptureExtension.class)
class HttpDeliveryTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Pays a new order; its order.paid is what the endpoint is sent. */
    private String paidOrder(int amount) {
        String order = unique("ord");
        gateway.putOrder(order, amount, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, amount, "USD", Instant.now()));
        return order;
    }

    private static List<LoggedRequest> awaitReceived(String order, int n) {
        await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received(ENDPOINT, order).size() >= n);
        return MerchantReceiver.received(ENDPOINT, order);
    }

    @Test
    void aDeliveryVerifiesWithTheStandardWebhooksLibraryUnderEitherSecret() throws Exception {
        String order = paidOrder(1200);
        LoggedRequest request = awaitReceived(order, 1).get(0);
        String body = request.getBodyAsString();
        JsonNode message = JSON.readTree(body);
        assertThat(message.path("type").asString()).isEqualTo("order.paid");
        assertThat(message.path("data").path("order_id").asString()).isEqualTo(order);
        assertThat(request.getHeader("content-type")).isEqualTo("application/json");
        assertThat(request.getHeader("webhook-id")).isEqualTo("order:" + order + ":1");
        assertThat(request.getHeader("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");
        // the merchant's library, not Payhook's code: each secret alone verifies it (rotation)
        new Webhook(MerchantReceiver.SECRET).verify(body, MerchantReceiver.headers(request));
        new Webhook(MerchantReceiver.PREVIOUS_SECRET).verify(body, MerchantReceiver.headers(request));
        assertThat(MerchantReceiver.undocumented(
                        request,
                        Set.of("content-type", "webhook-id", "webhook-timestamp", "webhook-signature", "traceparent")))
                .as("only Payhook's documented headers leave for the merchant")
                .isEmpty();
        // published with it, in the same outbox batch: the payment's own event is no type the endpoint wants
        awaitReceived(order, 1);
        assertThat(MerchantReceiver.received(ENDPOINT, order))
                .extracting(r -> JSON.readTree(r.getBodyAsString()).path("type").asString())
                .doesNotContain("payment.succeeded");
    }

    @Test
    void anAttemptThatGot500IsRetriedWithTheSameWebhookId() {
        String order = unique("ord");
        MerchantReceiver.server()
                .stubFor(post(urlPathEqualTo("/hooks/" + ENDPOINT))
                        .withRequestBody(containing(order))
                        .inScenario(order)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willSetStateTo("recovered")
                        .willReturn(aResponse().withStatus(500).withBody("database is down")));
        double failedAttempts =
                Scrape.of(gateway).value("payhook_delivery_attempts_total", "endpoint=" + ENDPOINT, "result=5xx");
        gateway.putOrder(order, 900, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 900, "USD", Instant.now()));

        List<LoggedRequest> attempts = awaitReceived(order, 2);
        assertThat(attempts).extracting(r -> r.getHeader("webhook-id")).containsOnly("order:" + order + ":1");
        assertThat(attempts.get(1).getBodyAsString()).isEqualTo(attempts.get(0).getBodyAsString());
        assertThat(Scrape.of(gateway).value("payhook_delivery_attempts_total", "endpoint=" + ENDPOINT, "result=5xx"))
                .isGreaterThan(failedAttempts);
        assertThat(MerchantReceiver.received(ENDPOINT, order))
                .as("taken: no third attempt")
                .hasSize(2);
    }

    @Test
    void aMessageNeverTakenFailsAfterTheScheduleAndOpsReplayItWithItsWebhookId(CapturedOutput output) {
        String order = unique("ord");
        StubMapping down = MerchantReceiver.answer(
                ENDPOINT, order, aResponse().withStatus(503).withBody("down for maintenance"));
        double failedBefore = Scrape.of(gateway).value("payhook_deliveries_failed_total", "endpoint=" + ENDPOINT);
        gateway.putOrder(order, 800, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 800, "USD", Instant.now()));

        String webhookId = "order:" + order + ":1";
        JsonNode failed = awaitFailed(webhookId);
        // the first attempt and one per delay of the schedule (500ms,1s)
        assertThat(failed.path("attempts").asInt()).isEqualTo(3);
        assertThat(failed.path("last_status").asString()).isEqualTo("503");
        assertThat(failed.path("last_response").asString()).isEqualTo("down for maintenance");
        assertThat(output.getAll())
                .as("a parked message is said, once, in the log")
                .contains("Parked " + webhookId + " of HTTP endpoint " + ENDPOINT
                        + " after 3 attempts, the last answered HTTP 503");
        assertThat(failed.path("type").asString()).isEqualTo("order.paid");
        assertThat(MerchantReceiver.received(ENDPOINT, order)).hasSize(3);
        assertThat(Scrape.of(gateway).value("payhook_deliveries_failed_total", "endpoint=" + ENDPOINT))
                .isGreaterThan(failedBefore);
        assertThat(Scrape.of(gateway).value("payhook_queue_depth", "queue=payhook.deliveries.failed"))
                .isGreaterThanOrEqualTo(1);
        assertThat(Scrape.of(gateway).has("payhook_queue_depth", "queue=payhook.events." + ENDPOINT))
                .isTrue();
        JsonNode shop = endpointStatus();
        assertThat(shop.path("last_failure").path("status").asString()).isNotEmpty();
        assertThat(shop.path("url").asString()).isEqualTo(MerchantReceiver.url(ENDPOINT));

        MerchantReceiver.server().removeStub(down);
        Gateway.Answer replayed = gateway.call(
                "POST",
                "/ops/deliveries/failed/replay",
                "{\"ids\":[\"" + failed.path("id").asString() + "\"]}");
        assertThat(replayed.status()).isEqualTo(202);
        assertThat(replayed.json().path("replayed").asInt()).isEqualTo(1);

        List<LoggedRequest> attempts = awaitReceived(order, 4);
        assertThat(attempts.get(3).getHeader("webhook-id")).isEqualTo(webhookId);
        await().atMost(DEADLINE).until(() -> failedRow(webhookId) == null);
        await().atMost(DEADLINE)
                .until(() -> !endpointStatus().path("last_success").isNull());
    }

    @Test
    void aReplayNamesIdsOrAnEndpointItKnows() {
        assertThat(gateway.get("/ops/deliveries/failed?endpoint=nobody").status())
                .isEqualTo(400);
        assertThat(gateway.call("POST", "/ops/deliveries/failed/replay", "{}").status())
                .isEqualTo(400);
        assertThat(gateway.call("POST", "/ops/deliveries/failed/replay", "{\"endpoint\":\"nobody\"}")
                        .status())
                .isEqualTo(400);
        assertThat(gateway.call("POST", "/ops/deliveries/failed/replay", "{\"ids\":[\"x') OR (1=1\"]}")
                        .status())
                .isEqualTo(400);
    }

    private JsonNode endpointStatus() {
        for (JsonNode e : gateway.get("/ops/deliveries").json()) {
            if (e.path("endpoint").asString().equals(ENDPOINT)) {
                return e;
            }
        }
        throw new AssertionError("no endpoint " + ENDPOINT + " in GET /ops/deliveries");
    }

    private JsonNode failedRow(String webhookId) {
        for (JsonNode row :
                gateway.get("/ops/deliveries/failed?endpoint=" + ENDPOINT).json()) {
            if (row.path("webhook_id").asString().equals(webhookId)) {
                return row;
            }
        }
        return null;
    }

    private JsonNode awaitFailed(String webhookId) {
        await().atMost(DEADLINE).until(() -> failedRow(webhookId) != null);
        return failedRow(webhookId);
    }
}
