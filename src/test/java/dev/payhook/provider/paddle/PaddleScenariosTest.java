package dev.payhook.provider.paddle;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.JsonProviderScenarios;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Paddle through the contract every provider passes, and its refunds as adjustments. */
class PaddleScenariosTest extends JsonProviderScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    protected TestProvider testProvider() {
        return TestProvider.PADDLE;
    }

    /**
     * Paddle takes no idempotency key: its adjustments are listed for the reference before one is
     * created, and the approved adjustment, found again by its reason, settles the request.
     */
    @Test
    void aDoublePaymentIsRefundedAsAFullAdjustmentFoundAgainByItsReason() {
        String order = unique("ord");
        String extra = unique("txn");
        String adjustment = unique("adj");
        String scenario = "paddle-refund-" + extra;
        ApiStubs.server()
                .stubFor(get(urlPathEqualTo("/paddle/adjustments"))
                        .withQueryParam("transaction_id", equalTo(extra))
                        .inScenario(scenario)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willReturn(okJson(page())));
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo("/paddle/adjustments"))
                        .withHeader("Authorization", equalTo("Bearer " + ApiStubs.PADDLE_KEY))
                        .inScenario(scenario)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willReturn(okJson("{\"data\":" + adjustment(adjustment, extra, "pending_approval", "r") + "}"))
                        .willSetStateTo("created"));

        JsonNode done = refundedFromItsReview(order, extra, 3100, submitted -> {
            assertThat(submitted.path("provider_refund_id").asString()).isEqualTo(adjustment);
            String reason = "payhook-" + submitted.path("id").asString() + " duplicate payment";
            ApiStubs.server()
                    .stubFor(get(urlPathEqualTo("/paddle/adjustments"))
                            .withQueryParam("transaction_id", equalTo(extra))
                            .inScenario(scenario)
                            .whenScenarioStateIs("created")
                            .willReturn(okJson(page(adjustment(adjustment, extra, "approved", reason)))));
        });

        List<LoggedRequest> creates =
                ApiStubs.server().findAll(postRequestedFor(urlPathEqualTo("/paddle/adjustments")));
        List<JsonNode> mine = creates.stream()
                .map(c -> JSON.readTree(c.getBodyAsString()))
                .filter(b -> extra.equals(b.path("transaction_id").asString()))
                .toList();
        assertThat(mine).hasSize(1);
        assertThat(mine.get(0).path("action").asString()).isEqualTo("refund");
        assertThat(mine.get(0).path("type").asString()).isEqualTo("full");
        assertThat(mine.get(0).path("reason").asString())
                .startsWith("payhook-" + done.path("id").asString() + " ");
    }

    private String adjustment(String id, String txn, String status, String reason) {
        ObjectNode a = (ObjectNode)
                JSON.readTree(TestProvider.PADDLE.refund(unique("evt"), txn, id, 3100, currency(), Instant.now()))
                        .path("data");
        a.put("status", status).put("reason", reason);
        return a.toString();
    }

    private static String page(String... adjustments) {
        return "{\"data\":[" + String.join(",", adjustments) + "],\"meta\":{\"request_id\":\"req\",\"pagination\":"
                + "{\"per_page\":50,\"has_more\":false,\"estimated_total\":" + adjustments.length + "}}}";
    }
}
