package dev.payhook.provider.paypal;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.serviceUnavailable;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A PayPal double payment given back through PayPal's capture refund API (stubbed in its published
 * format): the reference as PayPal-Request-Id and custom_id, the amount in major units, and a
 * request whose first answer never came found by asking again under the same request id.
 */
class PaypalRefundTest extends GatewayTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aDoublePaymentIsRefundedUnderOneRequestIdAndSettledByPaypalsAnswer() {
        String order = unique("ord");
        gateway.putOrder(order, 1250, "USD");
        Instant at = Instant.now().minusSeconds(120).truncatedTo(ChronoUnit.SECONDS);
        String first = unique("CAP");
        String extra = unique("CAP");
        String one = "WH-" + unique("one");
        PaypalReconcileTest.deliver(
                gateway, one, PaypalReconcileTest.capture(one, order, first, 1250, at, "COMPLETED"));
        String two = "WH-" + unique("two");
        PaypalReconcileTest.deliver(
                gateway, two, PaypalReconcileTest.capture(two, order, extra, 1250, at.plusSeconds(30), "COMPLETED"));
        long review = await().atMost(DEADLINE)
                .until(
                        () -> gateway.order(order)
                                .path("reviews")
                                .path(0)
                                .path("id")
                                .asLong(),
                        id -> id > 0);
        String path = "/paypal/v2/payments/captures/" + extra + "/refund";
        String refund = unique("RF");
        // PayPal's first answer is lost (a 503), its second names the refund it made for the request id
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo(path))
                        .inScenario(extra)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willReturn(serviceUnavailable())
                        .willSetStateTo("made"));
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo(path))
                        .inScenario(extra)
                        .whenScenarioStateIs("made")
                        .willReturn(okJson(answer(refund, extra, at.plusSeconds(60)))
                                .withTransformers("response-template")));

        Gateway.Answer asked = gateway.withToken(REFUND_TOKEN).call("POST", "/ops/reviews/" + review + "/refund", null);
        assertThat(asked.status()).isEqualTo(202);
        String id = asked.json().path("id").asString();

        await().atMost(DEADLINE)
                .until(() -> gateway.get("/ops/refunds/" + id)
                        .json()
                        .path("status")
                        .asString()
                        .equals("succeeded"));

        List<LoggedRequest> calls = ApiStubs.server().findAll(postRequestedFor(urlPathEqualTo(path)));
        assertThat(calls).hasSizeGreaterThanOrEqualTo(2);
        assertThat(calls).allSatisfy(call -> {
            assertThat(call.getHeader("PayPal-Request-Id")).isEqualTo("payhook-" + id);
            assertThat(call.getHeader("Authorization")).isEqualTo("Bearer " + ApiStubs.PAYPAL_TOKEN);
            JsonNode body = JSON.readTree(call.getBodyAsString());
            assertThat(body.path("amount").path("value").asString()).isEqualTo("12.50");
            assertThat(body.path("amount").path("currency_code").asString()).isEqualTo("USD");
            assertThat(body.path("custom_id").asString()).isEqualTo("payhook-" + id);
        });
        JsonNode done = gateway.get("/ops/refunds/" + id).json();
        assertThat(done.path("provider_refund_id").asString()).isEqualTo(refund);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        for (JsonNode p : paid.path("payments")) {
            if (p.path("provider_payment_id").asString().equals(extra)) {
                assertThat(p.path("status").asString()).isEqualTo("refunded");
            }
        }
        assertThat(jdbc.queryForObject("SELECT status FROM reviews WHERE id = ?", String.class, review))
                .isEqualTo("resolved");
    }

    /** PayPal's refund, its custom_id the request id it was asked under (WireMock's response template). */
    static String answer(String refund, String capture, Instant at) {
        return new String(
                        Fixtures.load(
                                "paypal/api/refund.json",
                                Map.of(
                                        "refund_id", refund,
                                        "payment_id", capture,
                                        "reference", "REQUEST_ID",
                                        "value", "12.50",
                                        "currency", "USD",
                                        "status", "COMPLETED",
                                        "occurred_at", at)),
                        StandardCharsets.UTF_8)
                .replace("REQUEST_ID", "{{request.headers.[PayPal-Request-Id]}}");
    }
}
