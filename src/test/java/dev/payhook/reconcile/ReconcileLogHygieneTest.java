package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;

/** A run that fails, and one that asks every provider, say why without a credential anywhere. */
@ExtendWith(OutputCaptureExtension.class)
class ReconcileLogHygieneTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();

    @Test
    void noCredentialReachesTheLogTheReportOrTheEvidence(CapturedOutput output) {
        String order = unique("ord");
        gateway.putOrder(order, 500, "EUR");
        StubMapping refused = API.stubFor(get(urlPathEqualTo("/stripe/v1/payment_intents/search"))
                .willReturn(aResponse()
                        .withStatus(401)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"error\":{\"type\":\"invalid_request_error\",\"message\":\"Invalid API Key\"}}")));
        try {
            JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

            assertThat(run.path("status").asString()).isEqualTo("failed");
            String everything =
                    output.getAll() + run + gateway.get("/ops/reconcile").body();
            for (String secret : new String[] {
                ApiStubs.STRIPE_KEY,
                ApiStubs.PADDLE_KEY,
                ApiStubs.DODO_KEY,
                TestKeys.privateKey(TestKeys.MERCHANT).substring(0, 40)
            }) {
                assertThat(everything).doesNotContain(secret);
            }
            assertThat(output.getAll()).doesNotContain("Bearer ").doesNotContain("WECHATPAY2-SHA256-RSA2048 mchid");
            assertThat(count("SELECT count(*) FROM receipts WHERE source = 'reconciler' AND headers::text <> '{}'"))
                    .isZero();
        } finally {
            API.removeStub(refused);
        }
    }
}
