package dev.payhook.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.processing.DeadLetters;
import dev.payhook.support.Gateway.Answer;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The contract every provider passes, end to end over HTTP, the one kit for all of them: a payment
 * pays its order once and is published once; the same notification three times in a row and twenty
 * times at once is applied once; partial then full refund; a refund before its payment; amount
 * mismatch; double payment; unknown order -> dead letter -> replay; the forgeries of its scheme
 * refused without a trace; the rotated previous key accepted. A subclass says how its provider
 * formats, signs and answers, and adds what only its scheme has.
 */
public abstract class ProviderScenarios extends GatewayTest {

    @Autowired
    protected JmsTemplate jms;

    @Autowired
    private ConnectionFactory connectionFactory;

    /** A notification as the provider sends it, signed; {@code eventId} is the id Payhook records. */
    public record Notification(String eventId, String contentType, byte[] body, Map<String, String> headers) {}

    protected abstract String provider();

    /** The currency its notifications are in. */
    protected String currency() {
        return "CNY";
    }

    /** A successful payment of {@code amount} minor units for {@code order}. */
    protected abstract Notification payment(String order, String payment, long amount, Instant at);

    /** A refund of {@code amount}; {@code refundedTotal} is the payment's refunded total after it. */
    protected abstract Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at);

    /** A payment signed with the previous key, the one being rotated out. */
    protected abstract Notification signedWithPreviousKey(String order, String payment, long amount, Instant at);

    /** What an attacker of its scheme would send for a payment of {@code amount} to {@code order}, by name. */
    protected abstract Map<String, Notification> forgeries(String order, long amount);

    /**
     * A genuine notification of a payment for {@code order} that names another merchant account or
     * app than ours; null when the provider's notifications name no account.
     */
    protected Notification forAnotherAccount(String order, String payment, long amount) {
        return null;
    }

    /** Whether the provider signs its notifications; one that does not (Mollie) has no forgeries and no keys to rotate. */
    protected boolean signsNotifications() {
        return true;
    }

    /**
     * Whether a notification carries its own facts; a thin one (Mollie) is read from what the API
     * says now, which always holds the payment with its refunds, so a refund cannot arrive first.
     */
    protected boolean notificationsCarryTheirFacts() {
        return true;
    }

    /**
     * The receipts kept of {@code sent} copies of one notification sent at once: all of them, unless
     * the ingress coalesces an unsigned provider's (the first, one held to the window's end).
     */
    protected int receiptsOfSimultaneous(int sent) {
        return sent;
    }

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
    void aPaymentPaysItsOrderOnceAndIsPublishedOnce() throws Exception {
        String order = unique("ord"), payment = unique("pay");
        gateway.putOrder(order, 1050, currency());
        Notification n = payment(order, payment, 1050, Instant.now());
        try (Connection connection = connectionFactory.createConnection();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer subscriber = session.createConsumer(
                        session.createTopic("payhook.events"),
                        "PayhookKey = 'event:" + provider() + ":" + n.eventId() + "'")) {
            connection.start();
            assertAccepted(send(n));
            TextMessage published = (TextMessage) subscriber.receive(DEADLINE.toMillis());
            assertThat(published).as("the normalized event on payhook.events").isNotNull();
            JsonNode message = JsonMapper.builder().build().readTree(published.getText());
            assertThat(message.path("type").asString()).isEqualTo("payment.succeeded");
            JsonNode event = message.path("data");
            assertThat(event.path("order_id").asString()).isEqualTo(order);
            assertThat(event.path("amount_minor").asLong()).isEqualTo(1050);
            assertThat(event.path("currency").asString()).isEqualTo(currency());
        }
        JsonNode view = awaitOrder(order, "paid");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(view.path("payments")).hasSize(1);
        assertThat(view.path("payments").get(0).path("provider_payment_id").asString())
                .isEqualTo(payment);
        assertThat(view.path("payments").get(0).path("amount_minor").asLong()).isEqualTo(1050);
        assertAppliedOnce(n, order, 1);
    }

    @Test
    void theSameNotificationThreeTimesInARowIsAppliedOnce() {
        String order = unique("ord");
        gateway.putOrder(order, 2500, currency());
        Notification n = payment(order, unique("pay"), 2500, Instant.now());
        for (int i = 0; i < 3; i++) {
            assertAccepted(send(n));
            awaitReceipts(provider(), n.eventId(), i + 1);
        }
        assertAppliedOnce(n, order, 3);
    }

    @Test
    void theSameNotificationTwentyTimesAtOnceIsAppliedOnce() throws Exception {
        String order = unique("ord");
        gateway.putOrder(order, 990, currency());
        Notification n = payment(order, unique("pay"), 990, Instant.now());
        ExecutorService pool = Executors.newFixedThreadPool(20);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Answer>> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return send(n);
                }));
            }
            start.countDown();
            for (Future<Answer> a : answers) {
                assertAccepted(a.get());
            }
        } finally {
            pool.shutdown();
        }
        awaitReceipts(provider(), n.eventId(), receiptsOfSimultaneous(20));
        assertAppliedOnce(n, order, receiptsOfSimultaneous(20));
    }

    private void assertAppliedOnce(Notification n, String order, int deliveries) {
        assertThat(awaitOrder(order, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
        assertThat(count("SELECT count(*) FROM payments WHERE order_id = ?", order))
                .isOne();
        assertThat(count("SELECT count(*) FROM entitlements WHERE order_id = ?", order))
                .isOne();
        assertThat(count(
                        "SELECT count(*) FROM payment_events WHERE provider = ? AND event_id = ?",
                        provider(),
                        n.eventId()))
                .isOne();
        assertThat(receiptOutcomes(n)).filteredOn("applied"::equals).hasSize(1);
        assertThat(receiptOutcomes(n)).filteredOn("duplicate"::equals).hasSize(deliveries - 1);
        String key = "event:" + provider() + ":" + n.eventId();
        await().atMost(DEADLINE)
                .until(() -> count("SELECT count(*) FROM outbox WHERE dedupe_key = ? AND published_at IS NOT NULL", key)
                        == 1);
    }

    private List<String> receiptOutcomes(Notification n) {
        return jdbc.queryForList(
                "SELECT outcome FROM receipts WHERE provider = ? AND event_id = ?",
                String.class,
                provider(),
                n.eventId());
    }

    /** {@code order} (registered here) paid twice, the second time by {@code extra}: its double-payment review. */
    protected long paidTwice(String order, String extra, long amount) {
        gateway.putOrder(order, amount, currency());
        Instant at = Instant.now().minusSeconds(120);
        assertAccepted(send(payment(order, unique("pay"), amount, at)));
        assertAccepted(send(payment(order, extra, amount, at.plusSeconds(30))));
        return await().atMost(DEADLINE)
                .until(
                        () -> gateway.order(order)
                                .path("reviews")
                                .path(0)
                                .path("id")
                                .asLong(),
                        id -> id > 0);
    }

    /**
     * {@code order} paid twice, the second time by {@code extra}, and the extra payment refunded from
     * its review through the provider's refund API (which the caller stubbed): the request once it
     * succeeded, with the order still paid by the first payment and the review resolved. Once the
     * provider accepted the call, {@code onSubmitted} gets the request (to send the provider's
     * refund notification, for a provider whose answer does not tell the outcome).
     */
    protected JsonNode refundedFromItsReview(String order, String extra, long amount, Consumer<JsonNode> onSubmitted) {
        long review = paidTwice(order, extra, amount);
        Answer asked = gateway.withToken(REFUND_TOKEN).call("POST", "/ops/reviews/" + review + "/refund", null);
        assertThat(asked.status()).as(asked.body()).isEqualTo(202);
        String id = asked.json().path("id").asString();
        JsonNode submitted = await().atMost(DEADLINE)
                .until(
                        () -> gateway.get("/ops/refunds/" + id).json(),
                        r -> List.of("submitted", "succeeded")
                                .contains(r.path("status").asString()));
        onSubmitted.accept(submitted);
        await().atMost(DEADLINE)
                .until(
                        () -> gateway.get("/ops/refunds/" + id)
                                .json()
                                .path("status")
                                .asString(),
                        "succeeded"::equals);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        for (JsonNode p : paid.path("payments")) {
            if (p.path("provider_payment_id").asString().equals(extra)) {
                assertThat(p.path("status").asString()).isEqualTo("refunded");
                assertThat(p.path("refunded_minor").asLong()).isEqualTo(amount);
            }
        }
        assertThat(jdbc.queryForObject("SELECT status FROM reviews WHERE id = ?", String.class, review))
                .isEqualTo("resolved");
        return gateway.get("/ops/refunds/" + id).json();
    }

    /** Order of 4000 paid at {@code t}, then 1000 of it refunded at t + 30 s; the partially refunded order. */
    protected JsonNode paidThenPartlyRefunded(String order, String payment, Instant t) {
        gateway.putOrder(order, 4000, currency());
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
        assertThat(full.path("payments").get(0).path("status").asString()).isEqualTo("refunded");
    }

    /** Out of order: the refund arrives first, held on a payment not seen yet; the payment completes it. */
    @Test
    void aRefundBeforeItsPaymentCountsOnceThePaymentArrives() {
        Assumptions.assumeTrue(notificationsCarryTheirFacts(), provider() + " notifications carry no facts");
        String order = unique("ord"), payment = unique("pay");
        Instant t = Instant.now().minusSeconds(120);
        gateway.putOrder(order, 4000, currency());
        Notification refund = refund(order, payment, 4000, 1000, 1000, t.plusSeconds(30));
        assertAccepted(send(refund));
        awaitReceipts(provider(), refund.eventId(), 1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertAccepted(send(payment(order, payment, 4000, t)));
        JsonNode view = awaitOrder(order, "partially_refunded");
        assertThat(view.path("payments")).hasSize(1);
        assertThat(view.path("payments").get(0).path("refunded_minor").asLong()).isEqualTo(1000);
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
    }

    @Test
    void amountMismatchOpensAReviewAndGrantsNothing() throws Exception {
        String order = unique("ord"), payment = unique("pay");
        gateway.putOrder(order, 2000, currency());
        Notification n = payment(order, payment, 1999, Instant.now());
        assertAccepted(send(n));
        awaitReceipts(provider(), n.eventId(), 1);
        JsonNode view = gateway.order(order);
        assertThat(view.path("status").asString()).isEqualTo("pending");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("none");
        assertThat(view.path("payments")).hasSize(1);
        assertThat(view.path("reviews").get(0).path("kind").asString()).isEqualTo("amount_mismatch");
        assertThat(received("payhook.alerts", "alert:amount_mismatch:" + provider() + ":" + payment))
                .isNotNull();
    }

    @Test
    void aSecondPaymentOfAPaidOrderIsReviewedAndRefundRequested() throws Exception {
        String order = unique("ord"), first = unique("pay"), second = unique("pay");
        gateway.putOrder(order, 3000, currency());
        assertAccepted(send(payment(order, first, 3000, Instant.now().minusSeconds(60))));
        awaitOrder(order, "paid");
        assertAccepted(send(payment(order, second, 3000, Instant.now())));
        await().atMost(DEADLINE)
                .until(() -> gateway.order(order).path("reviews").size() == 1);
        JsonNode view = gateway.order(order);
        assertThat(view.path("reviews").get(0).path("kind").asString()).isEqualTo("double_payment");
        assertThat(view.path("payments")).hasSize(2);
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(count("SELECT count(*) FROM entitlements WHERE order_id = ?", order))
                .isOne();
        assertThat(received("payhook.notifications", "refund.requested:" + provider() + ":" + second))
                .as("a refund request for the extra payment")
                .isNotNull();
    }

    @Test
    void anUnknownOrderIsDeadLetteredThenAppliedOnceRegisteredAndReplayed() throws Exception {
        String order = unique("ord");
        Notification n = payment(order, unique("pay"), 1500, Instant.now());
        assertAccepted(send(n));
        JsonNode dead = awaitDeadLetter(provider(), n.eventId());
        assertThat(dead.path("reason").asString()).isEqualTo("unknown_order");
        String id = dead.path("id").asString();
        assertThat(received("payhook.alerts", "alert:unknown_order:" + id)).isNotNull();
        assertThat(count(
                        "SELECT count(*) FROM processed_events WHERE provider = ? AND event_id = ?",
                        provider(),
                        n.eventId()))
                .as("the event-id lock of a dead-lettered event is not kept")
                .isZero();
        await().atMost(DEADLINE).until(() -> onDlq(id));

        gateway.putOrder(order, 1500, currency());
        assertThat(gateway.call("POST", "/ops/dead-letters/" + id + "/replay", null)
                        .status())
                .isEqualTo(202);
        assertThat(onDlq(id))
                .as("the replayed dead letter's copy left payhook.dlq")
                .isFalse();
        assertThat(awaitOrder(order, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
        assertThat(gateway.call("POST", "/ops/dead-letters/" + id + "/replay", null)
                        .status())
                .isEqualTo(409);
        JsonNode receipt = gateway.get("/ops/receipts?provider=" + provider() + "&event_id=" + n.eventId())
                .json()
                .get(0);
        assertThat(receipt.path("outcome").asString()).isEqualTo("applied");
        JsonNode evidence =
                gateway.get("/ops/receipts/" + receipt.path("id").asString()).json();
        assertThat(evidence.path("ops_actions").get(0).path("action").asString())
                .isEqualTo("replay_dead_letter");
    }

    @Test
    void forgeriesAreRefusedWithoutATrace() {
        Assumptions.assumeTrue(signsNotifications(), provider() + " signs nothing");
        String order = unique("ord");
        gateway.putOrder(order, 1200, currency());
        Map<String, Notification> forged = forgeries(order, 1200);
        assertThat(forged).isNotEmpty();
        forged.forEach((what, n) -> {
            Answer answer = send(n);
            assertThat(answer.status()).as(what).isEqualTo(401);
            assertRefused(answer);
            assertThat(count(
                            "SELECT count(*) FROM receipts WHERE provider = ? AND event_id = ?",
                            provider(),
                            n.eventId()))
                    .as(what + ": nothing kept")
                    .isZero();
        });
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }

    @Test
    void aNotificationForAnotherAccountIsKeptAndHasNoEffect() {
        String order = unique("ord"), payment = unique("pay");
        gateway.putOrder(order, 1200, currency());
        Notification n = forAnotherAccount(order, payment, 1200);
        Assumptions.assumeTrue(n != null, provider() + " notifications name no account");
        assertAccepted(send(n));
        awaitReceipts(provider(), n.eventId(), 1);
        assertThat(receiptOutcomes(n)).containsExactly("rejected_account");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM payments WHERE provider = ? AND provider_payment_id = ?",
                        provider(),
                        payment))
                .isZero();
        assertThat(received("payhook.alerts", "alert:rejected_account:" + provider() + ":" + n.eventId()))
                .isNotNull();
    }

    @Test
    void theRotatedPreviousKeyIsStillAccepted() {
        Assumptions.assumeTrue(signsNotifications(), provider() + " signs nothing");
        String order = unique("ord");
        gateway.putOrder(order, 800, currency());
        assertAccepted(send(signedWithPreviousKey(order, unique("pay"), 800, Instant.now())));
        awaitOrder(order, "paid");
    }

    protected jakarta.jms.Message received(String queue, String key) {
        jms.setReceiveTimeout(DEADLINE.toMillis());
        return jms.receiveSelected(queue, "PayhookKey = '" + key + "'");
    }

    private boolean onDlq(String deadLetterId) {
        Boolean found = jms.browseSelected(
                "payhook.dlq",
                DeadLetters.ID_HEADER + " = '" + deadLetterId + "'",
                (session, browser) -> browser.getEnumeration().hasMoreElements());
        return Boolean.TRUE.equals(found);
    }
}
