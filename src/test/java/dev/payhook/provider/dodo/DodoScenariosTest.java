package dev.payhook.provider.dodo;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.JsonProviderScenarios;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Dodo through the contract every provider passes, and its refunds. */
class DodoScenariosTest extends JsonProviderScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    protected TestProvider testProvider() {
        return TestProvider.DODO;
    }

    /**
     * Dodo documents no idempotency key: the payment's refunds are read for the reference before one
     * is created, and the succeeded refund, found again by its reason, settles the request.
     */
    @Test
    void aDoublePaymentIsRefundedWholeAndFoundAgainAmongThePaymentsRefunds() {
        String order = unique("ord");
        String extra = unique("pay");
        String refund = unique("rfd");
        String scenario = "dodo-refund-" + extra;
        ApiStubs.server()
                .stubFor(get(urlPathEqualTo("/dodo/payments/" + extra))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.DODO_KEY))
                        .inScenario(scenario)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willReturn(okJson(payment(order, extra).toString())));
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo("/dodo/refunds"))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.DODO_KEY))
                        .inScenario(scenario)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willReturn(okJson(refund(refund, extra, "pending", "r").toString()))
                        .willSetStateTo("created"));

        JsonNode done = refundedFromItsReview(order, extra, 2700, submitted -> {
            assertThat(submitted.path("provider_refund_id").asString()).isEqualTo(refund);
            ObjectNode paid = payment(order, extra);
            paid.putArray("refunds")
                    .add(refund(
                            refund,
                            extra,
                            "succeeded",
                            "payhook-" + submitted.path("id").asString() + " duplicate payment"));
            ApiStubs.server()
                    .stubFor(get(urlPathEqualTo("/dodo/payments/" + extra))
                            .inScenario(scenario)
                            .whenScenarioStateIs("created")
                            .willReturn(okJson(paid.toString())));
        });

        List<JsonNode> creates = ApiStubs.server().findAll(postRequestedFor(urlPathEqualTo("/dodo/refunds"))).stream()
                .map(c -> JSON.readTree(c.getBodyAsString()))
                .filter(b -> extra.equals(b.path("payment_id").asString()))
                .toList();
        assertThat(creates).hasSize(1);
        String reference = "payhook-" + done.path("id").asString();
        assertThat(creates.get(0).path("reason").asString()).startsWith(reference + " ");
        assertThat(creates.get(0).path("metadata").path("payhook_refund_id").asString())
                .isEqualTo(reference);
        assertThat(creates.get(0).has("items")).as("the whole payment").isFalse();
    }

    private ObjectNode payment(String order, String payment) {
        ObjectNode p = (ObjectNode)
                JSON.readTree(TestProvider.DODO.payment(unique("evt"), payment, order, 2700, currency(), Instant.now()))
                        .path("data");
        p.putArray("refunds");
        return p;
    }

    private ObjectNode refund(String id, String payment, String status, String reason) {
        ObjectNode r = (ObjectNode)
                JSON.readTree(TestProvider.DODO.refund(unique("evt"), payment, id, 2700, currency(), Instant.now()))
                        .path("data");
        return r.put("status", status).put("reason", reason).put("is_partial", false);
    }
}
