package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantQueue;
import dev.payhook.support.TestProvider;
import dev.payhook.support.TestProvider.Dispute;
import jakarta.jms.ConnectionFactory;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * What the merchant acts on (DESIGN.md §11.1): each committed change of an order's status or
 * entitlement is one message on payhook.events with the whole state, the order's version and its cause.
 */
class OrderEventsTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Autowired
    ConnectionFactory broker;

    private List<JsonNode> orderMessages(String order, int n) throws Exception {
        return MerchantQueue.take(broker, MerchantQueue.ofOrder(order), m -> true, n, DEADLINE);
    }

    @Test
    void eachChangeOfAnOrderIsOneMessageWithItsVersionStateAndCause() throws Exception {
        String order = unique("ord");
        String payment = unique("pay");
        gateway.putOrder(order, 1050, "USD");
        Instant at = Instant.now();
        String paid = unique("evt");
        byte[] body = STRIPE.payment(paid, payment, order, 1050, "USD", at);
        gateway.deliver(STRIPE, paid, body);

        JsonNode first = orderMessages(order, 1).get(0);
        assertThat(first.path("type").asString()).isEqualTo("order.paid");
        assertThat(Instant.parse(first.path("timestamp").asString())).isAfterOrEqualTo(at.minusSeconds(1));
        JsonNode data = first.path("data");
        assertThat(data.path("order_id").asString()).isEqualTo(order);
        assertThat(data.path("status").asString()).isEqualTo("paid");
        assertThat(data.path("version").asLong()).isEqualTo(1);
        assertThat(data.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(data.path("entitlement").path("changes_at").isNull()).isTrue();
        assertThat(data.path("amount_minor").asLong()).isEqualTo(1050);
        assertThat(data.path("currency").asString()).isEqualTo("USD");
        assertThat(data.path("sku").asString()).isEqualTo("book-1");
        assertThat(data.path("cause").path("provider").asString()).isEqualTo("stripe");
        assertThat(data.path("cause").path("event_id").asString()).isEqualTo(paid);
        assertThat(data.path("cause").path("provider_payment_id").asString()).isEqualTo(payment);

        // the same event again, and a dispute decided in the merchant's favour: paid -> disputed -> paid
        gateway.deliver(STRIPE, paid, body);
        String opened = unique("evt");
        gateway.deliver(
                STRIPE, opened, STRIPE.dispute(opened, payment, Dispute.OPENED, 1050, "USD", at.plusSeconds(5)));
        JsonNode disputed = orderMessages(order, 1).get(0);
        assertThat(disputed.path("type").asString()).isEqualTo("order.disputed");
        assertThat(disputed.path("data").path("version").asLong()).isEqualTo(2);
        assertThat(disputed.path("data").path("entitlement").path("status").asString())
                .isEqualTo("suspended");
        String won = unique("evt");
        gateway.deliver(STRIPE, won, STRIPE.dispute(won, payment, Dispute.WON, 1050, "USD", at.plusSeconds(9)));
        JsonNode resolved = orderMessages(order, 1).get(0);
        assertThat(resolved.path("type").asString()).isEqualTo("order.paid");
        assertThat(resolved.path("data").path("version").asLong()).isEqualTo(3);
        assertThat(resolved.path("data").path("cause").path("event_id").asString())
                .isEqualTo(won);

        String refund = unique("evt");
        gateway.deliver(STRIPE, refund, STRIPE.refund(refund, payment, unique("re"), 1050, "USD", at.plusSeconds(20)));
        JsonNode refunded = orderMessages(order, 1).get(0);
        assertThat(refunded.path("type").asString()).isEqualTo("order.refunded");
        assertThat(refunded.path("data").path("version").asLong()).isEqualTo(4);
        assertThat(refunded.path("data").path("entitlement").path("status").asString())
                .isEqualTo("revoked");

        JsonNode view = gateway.order(order);
        assertThat(view.path("version").asLong()).isEqualTo(4);
        assertThat(view.path("status").asString()).isEqualTo("refunded");
        assertThat(count("SELECT count(*) FROM outbox WHERE dedupe_key LIKE ?", "order:" + order + ":%"))
                .as("one message per change, none for the duplicate")
                .isEqualTo(4);
    }

    @Test
    void aReviewOpenedIsPublishedWithThePaymentItIsAbout() throws Exception {
        String order = unique("ord");
        String extra = unique("pay");
        long review = payTwice(STRIPE, order, extra, 700, "USD");

        List<JsonNode> reviews = MerchantQueue.take(
                broker,
                "PayhookKind = 'review.opened'",
                m -> order.equals(m.path("data").path("order_id").asString()),
                1,
                DEADLINE);
        assertThat(reviews).hasSize(1);
        JsonNode data = reviews.get(0).path("data");
        assertThat(data.path("kind").asString()).isEqualTo("double_payment");
        assertThat(data.path("provider").asString()).isEqualTo("stripe");
        assertThat(data.path("provider_payment_id").asString()).isEqualTo(extra);
        assertThat(data.path("review_id").asLong()).isEqualTo(review);
    }
}
