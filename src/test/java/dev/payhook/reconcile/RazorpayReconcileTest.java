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
import tools.jackson.databind.node.ObjectNode;

/**
 * Razorpay asked through its API, stubbed in Razorpay's published format: an order found by its
 * receipt and its payments read from there, a known payment looked up with its refunded total, and
 * an API that refuses changing nothing.
 */
class RazorpayReconcileTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TestProvider RAZORPAY = TestProvider.RAZORPAY;

    /** The payment's notes name no order here: the Razorpay order's receipt does. */
    @Test
    void lostWebhookIsFoundByTheOrdersReceiptOnce() {
        String order = unique("ord");
        String pay = unique("pay");
        String razorpayOrder = "order_" + unique("r");
        gateway.putOrder(order, 2900, "INR");
        ObjectNode payment = payment(pay, order, Instant.now().minusSeconds(900));
        payment.set("notes", JSON.createArrayNode());
        payment.put("order_id", razorpayOrder);
        String razorpayOrderJson = "{\"id\":\"" + razorpayOrder + "\",\"entity\":\"order\",\"amount\":2900,"
                + "\"amount_paid\":2900,\"amount_due\":0,\"currency\":\"INR\",\"receipt\":\"" + order
                + "\",\"status\":\"paid\",\"attempts\":1,\"notes\":[],\"created_at\":"
                + Instant.now().minusSeconds(1000).getEpochSecond() + "}";
        StubMapping byReceipt = API.stubFor(get(urlPathEqualTo("/razorpay/v1/orders"))
                .withQueryParam("receipt", equalTo(order))
                .withBasicAuth(ApiStubs.RAZORPAY_KEY_ID, ApiStubs.RAZORPAY_KEY_SECRET)
                .willReturn(okJson(collection(razorpayOrderJson))));
        // once paid, the payment is asked about by its id, and its order for the receipt
        API.stubFor(get(urlPathEqualTo("/razorpay/v1/payments/" + pay))
                .withBasicAuth(ApiStubs.RAZORPAY_KEY_ID, ApiStubs.RAZORPAY_KEY_SECRET)
                .willReturn(okJson(payment.toString())));
        API.stubFor(get(urlPathEqualTo("/razorpay/v1/orders/" + razorpayOrder))
                .withBasicAuth(ApiStubs.RAZORPAY_KEY_ID, ApiStubs.RAZORPAY_KEY_SECRET)
                .willReturn(okJson(razorpayOrderJson)));
        API.stubFor(get(urlPathEqualTo("/razorpay/v1/orders/" + razorpayOrder + "/payments"))
                .withBasicAuth(ApiStubs.RAZORPAY_KEY_ID, ApiStubs.RAZORPAY_KEY_SECRET)
                .willReturn(okJson(collection(payment.toString()))));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(paid.path("payments")).hasSize(1);

        JsonNode again = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));
        assertThat(again.path("applied").asInt()).isZero();
        assertThat(again.path("unchanged").asInt()).isEqualTo(1);
        API.removeStub(byReceipt);
    }

    @Test
    void aRefundKnownOnlyToTheApiIsApplied() {
        String order = unique("ord");
        String pay = unique("pay");
        gateway.putOrder(order, 2900, "INR");
        Instant at = Instant.now().minusSeconds(900);
        String event = unique("evt");
        gateway.deliver(RAZORPAY, event, RAZORPAY.payment(event, pay, order, 2900, "INR", at));
        awaitOrder(order, "paid");
        ObjectNode payment = payment(pay, order, at);
        payment.put("status", "refunded").put("amount_refunded", 2900).put("refund_status", "full");
        API.stubFor(get(urlPathEqualTo("/razorpay/v1/payments/" + pay))
                .withBasicAuth(ApiStubs.RAZORPAY_KEY_ID, ApiStubs.RAZORPAY_KEY_SECRET)
                .willReturn(okJson(payment.toString())));

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
        gateway.putOrder(order, 2900, "INR");
        StubMapping refused = API.stubFor(
                get(urlPathEqualTo("/razorpay/v1/orders"))
                        .withQueryParam("receipt", equalTo(order))
                        .willReturn(
                                aResponse()
                                        .withStatus(401)
                                        .withHeader("Content-Type", "application/json")
                                        .withBody(
                                                "{\"error\":{\"code\":\"BAD_REQUEST_ERROR\",\"description\":\"Authentication failed\"}}")));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFailedChangingNothing(run, order, "razorpay", "HTTP 401");
        API.removeStub(refused);
    }

    private static ObjectNode payment(String pay, String order, Instant at) {
        return (ObjectNode) JSON.readTree(RAZORPAY.payment(unique("evt"), pay, order, 2900, "INR", at))
                .path("payload")
                .path("payment")
                .path("entity");
    }

    private static String collection(String... items) {
        return "{\"entity\":\"collection\",\"count\":" + items.length + ",\"items\":[" + String.join(",", items) + "]}";
    }
}
