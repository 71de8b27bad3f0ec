package dev.payhook.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway.Answer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import tools.jackson.databind.JsonNode;

/**
 * The scenarios every provider must pass, end to end over HTTP: happy path, duplicates in a row and
 * concurrent, partial then full refund, amount mismatch, double payment, unknown order -> dead
 * letter -> replay.
 * A subclass says how its provider formats, signs and acknowledges notifications, and adds the
 * signature attacks of its scheme.
 */
public abstract class ProviderScenarios extends GatewayTest {

    @Autowired
    protected JmsTemplate jms;

    /** A notification as the provider sends it, signed; {@code eventId} is the id Payhook records. */
    public record Notification(String eventId, String contentType, byte[] body, Map<String, String> headers) {}

    protected abstract String provider();

    /** A successful payment of {@code amount} fen (CNY) for {@code order}. */
    protected abstract Notification payment(String order, String payment, long amount, Instant at);

    /** A refund of {@code amount}; {@code refundedTotal} is the payment's refunded total after it. */
    protected abstract Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at);

    /** The provider's success answer. */
    protected abstract void assertAccepted(Answer answer);

    /** The provider's refusal answer. */
    protected abstract void assertRefused(Answer answer);

    protected Answer send(Notification n) {
        return gateway.post("/webhooks/" + provider(), n.contentType(), n.body(), n.headers());
    }

    protected void assertRefusedWithoutTrace(Notification n, String order) {
        assertRefused(send(n));
        assertThat(count("SELECT count(*) FROM receipts WHERE provider = ? AND event_id = ?", provider(), n.eventId()))
                .isZero();
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }

    @Test
    void paymentPaysTheOrderOnce() {
        String order = unique("ord"), payment = unique("pay");
        gateway.putOrder(order, 1050, "CNY");
        assertAccepted(send(payment(order, payment, 1050, Instant.now())));
        JsonNode view = awaitOrder(order, "paid");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(view.path("payments")).hasSize(1);
        assertThat(view.path("payments").get(0).path("amount_minor").asLong()).isEqualTo(1050);
    }

    @Test
    void theSameNotificationThreeTimesInARowIsAppliedOnce() {
        String order = unique("ord");
        gateway.putOrder(order, 2500, "CNY");
        Notification n = payment(order, unique("pay"), 2500, Instant.now());
        for (int i = 0; i < 3; i++) {
            assertAccepted(send(n));
            awaitReceipts(provider(), n.eventId(), i + 1);
        }
        assertAppliedOnce(n, order, 3);
    }

    @Test
    void theSameNotificationTwentyTimesConcurrentlyIsAppliedOnce() throws Exception {
        String order = unique("ord");
        gateway.putOrder(order, 990, "CNY");
        Notification n = payment(order, unique("pay"), 990, Instant.now());
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Future<Answer>> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answers.add(pool.submit(() -> send(n)));
            }
            for (Future<Answer> a : answers) {
                assertAccepted(a.get());
            }
        } finally {
            pool.shutdown();
        }
        awaitReceipts(provider(), n.eventId(), 20);
        assertAppliedOnce(n, order, 20);
    }

    private void assertAppliedOnce(Notification n, String order, int deliveries) {
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        assertThat(count("SELECT count(*) FROM payments WHERE order_id = ?", order))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM entitlements WHERE order_id = ?", order))
                .isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM receipts WHERE provider = ? AND event_id = ? AND outcome = 'applied'",
                        provider(),
                        n.eventId()))
                .isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM receipts WHERE provider = ? AND event_id = ? AND outcome = 'duplicate'",
                        provider(),
                        n.eventId()))
                .isEqualTo(deliveries - 1);
    }

    /** Order of 4000 paid at {@code t}, then 1000 of it refunded at t + 30 s; the partially refunded order. */
    protected JsonNode paidThenPartlyRefunded(String order, String payment, Instant t) {
        gateway.putOrder(order, 4000, "CNY");
        assertAccepted(send(payment(order, payment, 4000, t)));
        awaitOrder(order, "paid");
        assertAccepted(send(refund(order, payment, 4000, 1000, 1000, t.plusSeconds(30))));
        return awaitOrder(order, "partially_refunded");
    }

    @Test
    void partialThenFullRefundIsAppliedAndRevokes() {
        String order = unique("ord"), payment = unique("pay");
        Instant t = Instant.now().minusSeconds(120);
        JsonNode partial = paidThenPartlyRefunded(order, payment, t);
        assertThat(partial.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(partial.path("payments").get(0).path("refunded_minor").asLong())
                .isEqualTo(1000);
        assertAccepted(send(refund(order, payment, 4000, 3000, 4000, t.plusSeconds(60))));
        JsonNode full = awaitOrder(order, "refunded");
        assertThat(full.path("entitlement").path("status").asString()).isEqualTo("revoked");
        assertThat(full.path("payments").get(0).path("refunded_minor").asLong()).isEqualTo(4000);
    }

    @Test
    void amountMismatchOpensAReviewAndGrantsNothing() {
        String order = unique("ord");
        gateway.putOrder(order, 2000, "CNY");
        Notification n = payment(order, unique("pay"), 1999, Instant.now());
        assertAccepted(send(n));
        awaitReceipts(provider(), n.eventId(), 1);
        JsonNode view = gateway.order(order);
        assertThat(view.path("status").asString()).isEqualTo("pending");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("none");
        assertThat(view.path("reviews").get(0).path("kind").asString()).isEqualTo("amount_mismatch");
    }

    @Test
    void aSecondPaymentOfAPaidOrderIsReviewedAndRefundRequested() {
        String order = unique("ord"), first = unique("pay"), second = unique("pay");
        gateway.putOrder(order, 3000, "CNY");
        assertAccepted(send(payment(order, first, 3000, Instant.now().minusSeconds(60))));
        awaitOrder(order, "paid");
        assertAccepted(send(payment(order, second, 3000, Instant.now())));
        await().atMost(DEADLINE)
                .until(() -> gateway.order(order).path("reviews").size() == 1);
        JsonNode view = gateway.order(order);
        assertThat(view.path("reviews").get(0).path("kind").asString()).isEqualTo("double_payment");
        assertThat(view.path("payments")).hasSize(2);
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        jms.setReceiveTimeout(DEADLINE.toMillis());
        assertThat(jms.receiveSelected(
                        "payhook.notifications", "PayhookKey = 'refund.requested:" + provider() + ":" + second + "'"))
                .as("a refund request for the extra payment")
                .isNotNull();
    }

    @Test
    void unknownOrderIsDeadLetteredThenAppliedAfterRegistrationAndReplay() {
        String order = unique("ord");
        Notification n = payment(order, unique("pay"), 1500, Instant.now());
        assertAccepted(send(n));
        JsonNode dead = awaitDeadLetter(provider(), n.eventId());
        assertThat(dead.path("reason").asString()).isEqualTo("unknown_order");
        String id = dead.path("id").asString();
        gateway.putOrder(order, 1500, "CNY");
        assertThat(gateway.call("POST", "/ops/dead-letters/" + id + "/replay", null)
                        .status())
                .isEqualTo(202);
        assertThat(awaitOrder(order, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
    }
}
