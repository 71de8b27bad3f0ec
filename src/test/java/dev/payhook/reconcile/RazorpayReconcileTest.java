package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Razorpay asked through its API, stubbed in Razorpay's published format: an order found by its
 * receipt and its payments read from there (the payment's notes name no order: the Razorpay
 * order's receipt does), a known payment looked up with its refunded total.
 */
class RazorpayReconcileTest extends ReconcileContract {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TestProvider RAZORPAY = TestProvider.RAZORPAY;

    RazorpayReconcileTest() {
        super(RAZORPAY, "INR");
    }

    /** The Razorpay order found by its receipt; once paid, the payment asked by its id and its order. */
    @Override
    protected List<StubMapping> stubPaid(String order, String pay, Instant at) {
        String razorpayOrder = "order_" + unique("r");
        ObjectNode payment = payment(pay, order, at);
        payment.set("notes", JSON.createArrayNode());
        payment.put("order_id", razorpayOrder);
        String orderJson = "{\"id\":\"" + razorpayOrder + "\",\"entity\":\"order\",\"amount\":" + AMOUNT
                + ",\"amount_paid\":" + AMOUNT + ",\"amount_due\":0,\"currency\":\"INR\",\"receipt\":\"" + order
                + "\",\"status\":\"paid\",\"attempts\":1,\"notes\":[],\"created_at\":"
                + at.minusSeconds(100).getEpochSecond() + "}";
        return List.of(
                API.stubFor(
                        authorized(get(urlPathEqualTo("/razorpay/v1/orders")).withQueryParam("receipt", equalTo(order)))
                                .willReturn(okJson(collection(orderJson)))),
                API.stubFor(authorized(get(urlPathEqualTo("/razorpay/v1/payments/" + pay)))
                        .willReturn(okJson(payment.toString()))),
                API.stubFor(authorized(get(urlPathEqualTo("/razorpay/v1/orders/" + razorpayOrder)))
                        .willReturn(okJson(orderJson))),
                API.stubFor(authorized(get(urlPathEqualTo("/razorpay/v1/orders/" + razorpayOrder + "/payments")))
                        .willReturn(okJson(collection(payment.toString())))));
    }

    @Override
    protected List<StubMapping> stubRefunded(String order, String pay, Instant at) {
        ObjectNode payment = payment(pay, order, at);
        payment.put("status", "refunded").put("amount_refunded", AMOUNT).put("refund_status", "full");
        return List.of(API.stubFor(authorized(get(urlPathEqualTo("/razorpay/v1/payments/" + pay)))
                .willReturn(okJson(payment.toString()))));
    }

    @Override
    protected List<StubMapping> stubRefusing(String order) {
        return List.of(
                API.stubFor(
                        get(urlPathEqualTo("/razorpay/v1/orders"))
                                .withQueryParam("receipt", equalTo(order))
                                .willReturn(
                                        aResponse()
                                                .withStatus(401)
                                                .withHeader("Content-Type", "application/json")
                                                .withBody(
                                                        "{\"error\":{\"code\":\"BAD_REQUEST_ERROR\",\"description\":\"Authentication failed\"}}"))));
    }

    private static MappingBuilder authorized(MappingBuilder request) {
        return request.withBasicAuth(ApiStubs.RAZORPAY_KEY_ID, ApiStubs.RAZORPAY_KEY_SECRET);
    }

    private static ObjectNode payment(String pay, String order, Instant at) {
        return (ObjectNode) JSON.readTree(RAZORPAY.payment(unique("evt"), pay, order, AMOUNT, "INR", at))
                .path("payload")
                .path("payment")
                .path("entity");
    }

    private static String collection(String... items) {
        return "{\"entity\":\"collection\",\"count\":" + items.length + ",\"items\":[" + String.join(",", items) + "]}";
    }
}
