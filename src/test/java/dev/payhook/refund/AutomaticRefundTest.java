package dev.payhook.refund;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.payhook.support.StripeApiStubs.refund;
import static dev.payhook.support.StripeApiStubs.stub;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.config.RefundProperties;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code payhook.refunds.double-payment: automatic}: a double payment is given back without a
 * person, its review resolves itself once Stripe confirms the refund, and the order the first
 * payment paid stays paid. The setting is read at each review, so the shared test gateway is
 * switched to it for this test only (a gateway of its own would cost a start-up).
 */
class AutomaticRefundTest extends GatewayTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    RefundProperties refunds;

    @BeforeEach
    void automatic() {
        refunds.setDoublePayment(RefundProperties.DoublePayment.AUTOMATIC);
    }

    @AfterEach
    void byReview() {
        refunds.setDoublePayment(RefundProperties.DoublePayment.REVIEW);
    }

    @Test
    void aDoublePaymentIsRefundedConfirmedAndItsReviewResolvedWhileTheOrderStaysPaid() {
        String order = unique("ord");
        String extra = unique("pi");
        String re = unique("re");
        stub(
                post(urlPathEqualTo("/stripe/v1/refunds")).withRequestBody(containing("payment_intent=" + extra)),
                okJson(refund(re, extra, 1250, "usd", "succeeded", null, Instant.now())));

        long review = payTwice(TestProvider.STRIPE, order, extra, 1250, "USD");

        await().atMost(DEADLINE)
                .until(() -> "resolved"
                        .equals(jdbc.queryForObject("SELECT status FROM reviews WHERE id = ?", String.class, review)));
        JsonNode request =
                gateway.get("/ops/refunds?status=succeeded&limit=1000").json();
        JsonNode mine = null;
        for (JsonNode r : request) {
            if (r.path("review_id").asLong() == review) {
                mine = r;
            }
        }
        assertThat(mine).as("the review's refund request").isNotNull();
        assertThat(mine.path("requested_by").asString()).isEqualTo("payhook:double-payment");
        assertThat(mine.path("provider_refund_id").asString()).isEqualTo(re);
        assertThat(mine.path("amount_minor").asLong()).isEqualTo(1250);
        List<LoggedRequest> calls = ApiStubs.server()
                .findAll(postRequestedFor(urlPathEqualTo("/stripe/v1/refunds")).withRequestBody(containing(extra)));
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).getHeader("Idempotency-Key"))
                .isEqualTo("payhook-" + mine.path("id").asString());

        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");

        // the merchant's endpoint is told the refund succeeded; of the order, only that it was paid
        await().atMost(DEADLINE)
                .until(() -> told(order, "refund_request.succeeded").size() == 1);
        JsonNode succeeded = told(order, "refund_request.succeeded").get(0);
        assertThat(succeeded.path("data").path("review_id").asLong()).isEqualTo(review);
        assertThat(succeeded.path("data").path("provider_refund_id").asString()).isEqualTo(re);
        assertThat(succeeded.path("data").path("provider_payment_id").asString())
                .isEqualTo(extra);
        assertThat(told(order, "refund_request.submitted")).hasSize(1);
        assertThat(told(order, "order."))
                .extracting(m -> m.path("type").asString())
                .containsExactly("order.paid");
    }

    /** The messages about {@code order} the merchant's endpoint received whose type starts with {@code type}. */
    private static List<JsonNode> told(String order, String type) {
        return MerchantReceiver.received(ENDPOINT, order).stream()
                .map(r -> JSON.readTree(r.getBodyAsString()))
                .filter(m -> m.path("type").asString().startsWith(type))
                .toList();
    }
}
