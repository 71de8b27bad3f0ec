package dev.payhook.provider.paypal;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.PaypalKeys;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * PayPal asked through its REST API, stubbed in PayPal's published format with an OAuth2 token:
 * the webhook event list finds what no webhook delivered and keeps its position by time; a
 * capture Payhook knows is looked up by its id.
 */
class PaypalReconcileTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String BEARER = "Bearer " + ApiStubs.PAYPAL_TOKEN;

    @Test
    void eventListFindsALostCaptureOnceAndKeepsItsPosition() {
        String order = unique("ord");
        gateway.putOrder(order, 2500, "USD");
        Instant at = Instant.now().minusSeconds(600).truncatedTo(ChronoUnit.SECONDS);
        String event = "WH-" + unique("lost");
        String capture = unique("CAP");
        ArrayNode first =
                JSON.createArrayNode().add(JSON.readTree(capture(event, order, capture, 2500, at, "COMPLETED")));
        // the second page comes from PayPal's "next" link, asked of the configured host
        API.stubFor(get(urlPathEqualTo("/paypal/v1/notifications/webhooks-events"))
                .withHeader("Authorization", equalTo(BEARER))
                .withQueryParam("start_time", equalTo(at.minusSeconds(3600).toString()))
                .willReturn(okJson(
                        list(first, "https://api-m.paypal.com/v1/notifications/webhooks-events?page=2&x=" + event))));
        API.stubFor(get(urlPathEqualTo("/paypal/v1/notifications/webhooks-events"))
                .withQueryParam("x", equalTo(event))
                .willReturn(okJson(list(JSON.createArrayNode(), null))));

        JsonNode run = awaitRun(reconcile("{\"provider\":\"paypal\",\"since\":\"" + at.minusSeconds(3600) + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("checked").asInt()).isEqualTo(1);
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.path("payments").get(0).path("provider_payment_id").asString())
                .isEqualTo(capture);
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ? AND source = 'reconciler'", event))
                .isEqualTo(1);

        // from the stored position on: the same event again is a duplicate, and the position is its time
        StubMapping fromCursor = API.stubFor(get(urlPathEqualTo("/paypal/v1/notifications/webhooks-events"))
                .atPriority(1)
                .withQueryParam("start_time", matching(".+"))
                .willReturn(okJson(list(first, null))));
        try {
            JsonNode next = awaitRun(reconcile("{\"provider\":\"paypal\"}"));
            assertThat(next.path("status").asString()).isEqualTo("done");
            assertThat(next.path("applied").asInt()).isZero();
            assertThat(next.path("unchanged").asInt()).isEqualTo(1);
            assertThat(jdbc.queryForObject(
                            "SELECT position FROM reconcile_cursors WHERE provider = 'paypal'", String.class))
                    .isEqualTo(at.toString());
        } finally {
            API.removeStub(fromCursor);
        }
    }

    @Test
    void aKnownCaptureIsLookedUpByItsId() {
        String order = unique("ord");
        String capture = unique("CAP");
        gateway.putOrder(order, 2500, "USD");
        Instant at = Instant.now().minusSeconds(600).truncatedTo(ChronoUnit.SECONDS);
        String event = "WH-" + unique("pending");
        deliver(event, capture(event, order, capture, 2500, at, "PENDING"));
        awaitPayment(order, capture);
        API.stubFor(get(urlPathEqualTo("/paypal/v2/payments/captures/" + capture))
                .withHeader("Authorization", equalTo(BEARER))
                .willReturn(okJson(completed(order, capture, 2500, at.plusSeconds(60)))));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        JsonNode again = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));
        assertThat(again.path("unchanged").asInt()).isEqualTo(1);
    }

    @Test
    void aFailingApiChangesNothing() {
        String order = unique("ord");
        String capture = unique("CAP");
        gateway.putOrder(order, 2500, "USD");
        String event = "WH-" + unique("pending");
        deliver(event, capture(event, order, capture, 2500, Instant.now(), "PENDING"));
        awaitPayment(order, capture);
        API.stubFor(
                get(urlPathEqualTo("/paypal/v2/payments/captures/" + capture)).willReturn(serverError()));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFailedChangingNothing(run, order, "paypal", "HTTP 500");
        assertThat(run.path("error").asString()).doesNotContain(ApiStubs.PAYPAL_TOKEN, ApiStubs.PAYPAL_CLIENT_SECRET);
    }

    private void deliver(String event, byte[] body) {
        deliver(gateway, event, body);
    }

    /** A PayPal webhook signed with the current key, answered 200. */
    static void deliver(Gateway gateway, String event, byte[] body) {
        Map<String, String> headers = PaypalScenariosTest.headers(
                body, PaypalKeys.key("current"), PAYPAL_WEBHOOK_ID, Instant.now(), PaypalScenariosTest.CERT_URL);
        assertThat(gateway.post("/webhooks/paypal", "application/json", body, headers)
                        .status())
                .as("delivery of " + event)
                .isEqualTo(200);
    }

    private void awaitPayment(String order, String capture) {
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> count(
                                "SELECT count(*) FROM payments WHERE provider_payment_id = ? AND order_id = ?",
                                capture,
                                order)
                        == 1);
    }

    /** The capture as PayPal's API answers for it, completed at {@code at}. */
    static String completed(String order, String capture, long amount, Instant at) {
        return JSON.readTree(capture(unique("WH"), order, capture, amount, at, "COMPLETED"))
                .path("resource")
                .toString();
    }

    static byte[] capture(String event, String order, String capture, long amount, Instant at, String status) {
        String json = new String(
                Fixtures.sample(
                        "paypal",
                        "PAYMENT.CAPTURE.COMPLETED",
                        Map.of(
                                "event_id", event,
                                "order_id", order,
                                "payment_id", capture,
                                "value", BigDecimal.valueOf(amount, 2).toPlainString(),
                                "currency", "USD",
                                "occurred_at", at)),
                StandardCharsets.UTF_8);
        return json.replace("\"status\": \"COMPLETED\"", "\"status\": \"" + status + "\"")
                .replace("PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE." + status)
                .getBytes(StandardCharsets.UTF_8);
    }

    private static String list(ArrayNode events, String next) {
        ObjectNode body = JSON.createObjectNode();
        body.set("events", events);
        body.put("count", events.size());
        ArrayNode links = body.putArray("links");
        if (next != null) {
            links.addObject().put("href", next).put("rel", "next").put("method", "GET");
        }
        return body.toString();
    }
}
