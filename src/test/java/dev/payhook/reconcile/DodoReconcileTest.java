package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Dodo Payments asked through its API, stubbed in Dodo's published format: a payment found among
 * the newest by its order id in the metadata, a known payment looked up with its refunds.
 */
class DodoReconcileTest extends ReconcileContract {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TestProvider DODO = TestProvider.DODO;

    DodoReconcileTest() {
        super(DODO, "USD");
    }

    /** The newest payments, another's first, then the payment by its id. */
    @Override
    protected List<StubMapping> stubPaid(String order, String pay, Instant at) {
        ObjectNode payment = payment(pay, order, at);
        ArrayNode items = JSON.createArrayNode()
                .add(payment(unique("pay"), unique("ord"), Instant.now()))
                .add(payment);
        StubMapping newest = API.stubFor(get(urlPathEqualTo("/dodo/payments"))
                .withQueryParam("page_number", equalTo("0"))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.DODO_KEY))
                .willReturn(okJson(JSON.createObjectNode().set("items", items).toString())));
        return List.of(newest, stubPayment(pay, payment));
    }

    @Override
    protected List<StubMapping> stubRefunded(String order, String pay, Instant at) {
        ObjectNode payment = payment(pay, order, at);
        ObjectNode refund = (ObjectNode)
                JSON.readTree(DODO.refund(unique("evt"), pay, unique("ref"), AMOUNT, "USD", at.plusSeconds(300)))
                        .path("data");
        refund.put("status", "succeeded");
        ((ArrayNode) payment.path("refunds")).add(refund);
        return List.of(stubPayment(pay, payment));
    }

    @Override
    protected List<StubMapping> stubRefusing(String order) {
        return List.of(API.stubFor(get(urlPathEqualTo("/dodo/payments"))
                .willReturn(aResponse().withStatus(401).withBody("{\"code\":\"UNAUTHORIZED\"}"))));
    }

    private static ObjectNode payment(String pay, String order, Instant at) {
        return (ObjectNode) JSON.readTree(DODO.payment(unique("evt"), pay, order, AMOUNT, "USD", at))
                .path("data");
    }

    private static StubMapping stubPayment(String pay, ObjectNode payment) {
        return API.stubFor(get(urlPathEqualTo("/dodo/payments/" + pay))
                .withHeader("Authorization", equalTo("Bearer " + ApiStubs.DODO_KEY))
                .willReturn(okJson(payment.toString())));
    }
}
