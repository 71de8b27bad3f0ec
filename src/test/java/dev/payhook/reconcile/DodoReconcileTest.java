package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
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
 * Dodo Payments asked through its API, stubbed in Dodo's published format: a payment found among
 * the newest by its order id in the metadata, a known payment looked up with its refunds.
 */
class DodoReconcileTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TestProvider DODO = TestProvider.DODO;

    @Test
    void lostWebhookIsFoundAmongTheNewestPaymentsOnce() {
        String order = unique("ord");
        String pay = unique("pay");
        gateway.putOrder(order, 2900, "USD");
        ObjectNode payment = payment(pay, order, Instant.now().minusSeconds(900));
        ArrayNode items = JSON.createArrayNode()
                .add(payment(unique("pay"), unique("ord"), Instant.now()))
                .add(payment);
        StubMapping newest = API.stubFor(get(urlPathEqualTo("/dodo/payments"))
                .withQueryParam("page_number", equalTo("0"))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.DODO_KEY))
                .willReturn(okJson(JSON.createObjectNode().set("items", items).toString())));
        stubPayment(pay, payment);

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(paid.path("payments")).hasSize(1);

        JsonNode again = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));
        assertThat(again.path("status").asString()).isEqualTo("done");
        assertThat(again.path("applied").asInt()).isZero();
        assertThat(again.path("unchanged").asInt()).isEqualTo(1);
        API.removeStub(newest);
    }

    @Test
    void refundKnownOnlyToTheApiIsApplied() {
        String order = unique("ord");
        String pay = unique("pay");
        gateway.putOrder(order, 2900, "USD");
        Instant at = Instant.now().minusSeconds(900);
        String event = unique("evt");
        gateway.deliver(DODO, event, DODO.payment(event, pay, order, 2900, "USD", at));
        awaitOrder(order, "paid");
        ObjectNode payment = payment(pay, order, at);
        ObjectNode refund = (ObjectNode)
                JSON.readTree(DODO.refund(unique("evt"), pay, unique("ref"), 2900, "USD", at.plusSeconds(300)))
                        .path("data");
        refund.put("status", "succeeded");
        ((ArrayNode) payment.path("refunds")).add(refund);
        stubPayment(pay, payment);

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode refunded = gateway.order(order);
        assertThat(refunded.path("status").asString()).isEqualTo("refunded");
        assertThat(refunded.path("entitlement").path("status").asString()).isEqualTo("revoked");
    }

    @Test
    void failingApiChangesNothing() {
        String order = unique("ord");
        gateway.putOrder(order, 2900, "USD");
        StubMapping refused = API.stubFor(get(urlPathEqualTo("/dodo/payments"))
                .willReturn(aResponse().withStatus(401).withBody("{\"code\":\"UNAUTHORIZED\"}")));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFailedChangingNothing(run, order, "dodo", "HTTP 401");
        API.removeStub(refused);
    }

    private static ObjectNode payment(String pay, String order, Instant at) {
        return (ObjectNode) JSON.readTree(DODO.payment(unique("evt"), pay, order, 2900, "USD", at))
                .path("data");
    }

    private static void stubPayment(String pay, ObjectNode payment) {
        API.stubFor(get(urlPathEqualTo("/dodo/payments/" + pay))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.DODO_KEY))
                .willReturn(okJson(payment.toString())));
    }
}
