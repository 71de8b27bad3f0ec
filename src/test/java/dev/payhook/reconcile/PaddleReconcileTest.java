package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Paddle asked through its API, stubbed in Paddle's published format: the event list finds what
 * no webhook delivered, from the stored event id on; a transaction Payhook knows is looked up with
 * its adjustments.
 */
class PaddleReconcileTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TestProvider PADDLE = TestProvider.PADDLE;

    @Test
    void feedFindsLostEventsOnceAndKeepsItsPosition() {
        String lostOrder = unique("ord");
        String seenOrder = unique("ord");
        gateway.putOrder(lostOrder, 4900, "USD");
        gateway.putOrder(seenOrder, 4900, "USD");
        Instant at = Instant.now().minusSeconds(300);
        String old = "evt_01" + unique("a");
        String seen = "evt_02" + unique("b");
        String lost = "evt_03" + unique("c");
        byte[] seenEvent = PADDLE.payment(seen, unique("txn"), seenOrder, 4900, "USD", at);
        gateway.deliver(PADDLE, seen, seenEvent);
        awaitOrder(seenOrder, "paid");
        ArrayNode events = JSON.createArrayNode();
        // an event from before since: read (Paddle cannot filter by time) but skipped
        events.add(
                JSON.readTree(PADDLE.payment(old, unique("txn"), unique("ord"), 100, "USD", at.minusSeconds(86400))));
        events.add(JSON.readTree(seenEvent));
        events.add(JSON.readTree(PADDLE.payment(lost, unique("txn"), lostOrder, 4900, "USD", at)));
        API.stubFor(get(urlPathEqualTo("/paddle/events"))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.PADDLE_KEY))
                .withQueryParam("after", absent())
                .willReturn(okJson(page(events))));
        API.stubFor(get(urlPathEqualTo("/paddle/events"))
                .withQueryParam("after", equalTo(lost))
                .willReturn(okJson(page(JSON.createArrayNode()))));

        JsonNode run = awaitRun(reconcile("{\"provider\":\"paddle\",\"since\":\"" + at.minusSeconds(3600) + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("checked").asInt()).isEqualTo(2);
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        assertThat(run.path("unchanged").asInt()).isEqualTo(1);
        JsonNode paid = gateway.order(lostOrder);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(paid.path("payments")).hasSize(1);
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ?", old))
                .isZero();

        JsonNode next = awaitRun(reconcile("{\"provider\":\"paddle\"}"));
        assertThat(next.path("status").asString()).isEqualTo("done");
        assertThat(next.path("checked").asInt()).isZero();
        API.verify(getRequestedFor(urlPathEqualTo("/paddle/events")).withQueryParam("after", equalTo(lost)));
    }

    @Test
    void knownTransactionIsLookedUpWithItsRefunds() {
        String order = unique("ord");
        String txn = unique("txn");
        gateway.putOrder(order, 4900, "USD");
        Instant at = Instant.now().minusSeconds(600);
        // the first attempt was declined; the retry succeeded, but its webhook never came
        byte[] failed = withType(
                PADDLE.payment(unique("evt"), txn, order, 4900, "USD", at), "transaction.payment_failed", "past_due");
        gateway.deliver(PADDLE, JSON.readTree(failed).path("event_id").asString(), failed);
        await(order, txn);
        stubTransaction(txn, order, at, refund(txn, 1900, at.plusSeconds(120)));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode refunded = gateway.order(order);
        assertThat(refunded.path("status").asString()).isEqualTo("partially_refunded");
        assertThat(refunded.path("payments").get(0).path("refunded_minor").asLong())
                .isEqualTo(1900);
        assertThat(refunded.path("entitlement").path("status").asString()).isEqualTo("active");

        JsonNode again = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));
        assertThat(again.path("applied").asInt()).isZero();
        assertThat(again.path("unchanged").asInt()).isEqualTo(1);
    }

    @Test
    void anOrderRegisteredWithItsTransactionIsLookedUpByItWhenItsWebhookWasLost() {
        String order = unique("ord");
        String txn = unique("txn");
        assertThat(gateway.putOrder(order, 4900, "USD", "paddle", txn).status()).isEqualTo(201);
        stubTransaction(txn, order, Instant.now().minusSeconds(60));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        assertThat(gateway.order(order).path("provider_reference").asString()).isEqualTo(txn);
        API.verify(
                0,
                getRequestedFor(urlPathEqualTo("/stripe/v1/payment_intents/search"))
                        .withQueryParam("query", containing(order)));
    }

    @Test
    void failingApiChangesNothing() {
        String order = unique("ord");
        String txn = unique("txn");
        gateway.putOrder(order, 4900, "USD");
        byte[] failed = withType(
                PADDLE.payment(unique("evt"), txn, order, 4900, "USD", Instant.now()),
                "transaction.payment_failed",
                "past_due");
        gateway.deliver(PADDLE, JSON.readTree(failed).path("event_id").asString(), failed);
        await(order, txn);
        API.stubFor(get(urlPathEqualTo("/paddle/transactions/" + txn)).willReturn(serverError()));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFailedChangingNothing(run, order, "paddle", "HTTP 500");
    }

    private void await(String order, String txn) {
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> count(
                                "SELECT count(*) FROM payments WHERE provider_payment_id = ? AND order_id = ?",
                                txn,
                                order)
                        == 1);
    }

    private static void stubTransaction(String txn, String order, Instant at, ObjectNode... adjustments) {
        ObjectNode transaction = (ObjectNode) JSON.readTree(PADDLE.payment(unique("evt"), txn, order, 4900, "USD", at))
                .path("data");
        ObjectNode body = JSON.createObjectNode();
        body.set("data", transaction);
        body.set("meta", JSON.createObjectNode().put("request_id", unique("req")));
        API.stubFor(get(urlPathEqualTo("/paddle/transactions/" + txn))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.PADDLE_KEY))
                .willReturn(okJson(body.toString())));
        ArrayNode list = JSON.createArrayNode();
        for (ObjectNode a : adjustments) {
            list.add(a);
        }
        API.stubFor(get(urlPathEqualTo("/paddle/adjustments"))
                .withQueryParam("transaction_id", equalTo(txn))
                .willReturn(okJson(page(list))));
    }

    private static ObjectNode refund(String txn, long amount, Instant at) {
        return (ObjectNode) JSON.readTree(PADDLE.refund(unique("evt"), txn, unique("adj"), amount, "USD", at))
                .path("data");
    }

    private static byte[] withType(byte[] event, String type, String status) {
        ObjectNode node = (ObjectNode) JSON.readTree(event);
        node.put("event_type", type);
        ((ObjectNode) node.path("data")).put("status", status);
        return node.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String page(ArrayNode data) {
        ObjectNode body = JSON.createObjectNode();
        body.set("data", data);
        ObjectNode pagination = JSON.createObjectNode()
                .put("per_page", 200)
                .put("has_more", false)
                .put("estimated_total", data.size());
        body.set(
                "meta", JSON.createObjectNode().put("request_id", unique("req")).set("pagination", pagination));
        return body.toString();
    }
}
