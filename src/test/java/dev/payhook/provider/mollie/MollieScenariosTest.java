package dev.payhook.provider.mollie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.broker.Redelivery;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.HeldAnswers;
import dev.payhook.support.MollieApiStubs;
import dev.payhook.support.MollieApiStubs.Payment;
import dev.payhook.support.ProviderScenarios;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Mollie through the contract every provider passes, and what only a thin, unsigned notification
 * has: the payment read from what Mollie's API answers (kept as evidence), an id the API does not
 * know, an API outage outlasted, and a flood of notifications bounded by the dedupe window.
 */
class MollieScenariosTest extends ProviderScenarios {

    private static final String FORM = "application/x-www-form-urlencoded";
    /**
     * How often Mollie is asked while it is down before it answers again: more than the attempts
     * (payhook.processing.max-attempts, 3 here) after which any other failure is dead-lettered.
     */
    private static final int ASKED_WHILE_DOWN = 4;

    @Override
    protected String provider() {
        return "mollie";
    }

    @Override
    protected String currency() {
        return "EUR";
    }

    @Override
    protected boolean signsNotifications() {
        return false;
    }

    @Override
    protected boolean notificationsCarryTheirFacts() {
        return false;
    }

    /** The first copy is processed now, the second at the end of the window; the rest add nothing. */
    @Override
    protected int receiptsOfSimultaneous(int sent) {
        return Math.min(sent, 2);
    }

    private static Notification notification(String paymentId, String eventId) {
        return new Notification(eventId, FORM, ("id=" + paymentId).getBytes(StandardCharsets.UTF_8), Map.of());
    }

    @Override
    protected Notification payment(String order, String payment, long amount, Instant at) {
        MollieApiStubs.answer(Payment.paid(payment, order, amount, currency(), at));
        return notification(payment, "query:" + payment + ":succeeded");
    }

    @Override
    protected Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at) {
        MollieApiStubs.answer(Payment.paid(payment, order, captured, currency(), at.minusSeconds(30))
                .refunded(refundedTotal));
        String status = refundedTotal >= captured ? "refunded" : "partially_refunded";
        return notification(payment, "query:" + payment + ":" + status + ":" + refundedTotal);
    }

    @Override
    protected Notification signedWithPreviousKey(String order, String payment, long amount, Instant at) {
        return null;
    }

    @Override
    protected Map<String, Notification> forgeries(String order, long amount) {
        return Map.of();
    }

    @Override
    protected void assertAccepted(Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
    }

    @Override
    protected void assertRefused(Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
    }

    @Test
    void theReceiptKeepsTheNotificationAndTheApisAnswer() {
        String order = unique("ord"), payment = unique("tr");
        gateway.putOrder(order, 2599, currency());
        Payment paid = Payment.paid(payment, order, 2599, currency(), Instant.now());
        MollieApiStubs.answer(paid);
        assertAccepted(send(notification(payment, null)));
        awaitOrder(order, "paid");
        JsonNode receipt = gateway.get("/ops/receipts?provider=mollie&event_id=query:" + payment + ":succeeded")
                .json()
                .get(0);
        JsonNode evidence =
                gateway.get("/ops/receipts/" + receipt.path("id").asString()).json();
        assertThat(evidence.path("body").asString()).isEqualTo("id=" + payment);
        assertThat(evidence.path("fetched_kind").asString()).isEqualTo("payment");
        assertThat(evidence.path("fetched_body").asString()).isEqualTo(new String(paid.json(), StandardCharsets.UTF_8));
    }

    /** While Mollie takes its time to answer, the batch holds no database transaction open. */
    @Test
    void aSlowApiHoldsNoDatabaseTransactionWhileItIsAsked() throws Exception {
        String order = unique("ord"), payment = unique("tr");
        gateway.putOrder(order, 1200, currency());
        MollieApiStubs.answer(Payment.paid(payment, order, 1200, currency(), Instant.now()));
        try (HeldAnswers.Hold hold = HeldAnswers.hold("/mollie/v2/payments/" + payment)) {
            assertAccepted(send(notification(payment, null)));
            assertThat(hold.awaitArrival(DEADLINE)).isTrue();
            // for as long as the answer is held, no transaction stays open beyond what a short one takes
            await().during(Duration.ofMillis(500))
                    .atMost(Duration.ofMillis(800))
                    .until(() -> count("""
                                    SELECT count(*) FROM pg_stat_activity
                                    WHERE datname = current_database() AND pid <> pg_backend_pid()
                                      AND state LIKE 'idle in transaction%'
                                      AND xact_start < now() - interval '200 milliseconds'""") == 0);
        }
        awaitOrder(order, "paid");
    }

    @Test
    void aChargebackRevokesWhatThePaymentGranted() {
        String order = unique("ord"), payment = unique("tr");
        Instant at = Instant.now().minusSeconds(60);
        gateway.putOrder(order, 5000, currency());
        assertAccepted(send(payment(order, payment, 5000, at)));
        awaitOrder(order, "paid");
        MollieApiStubs.answer(Payment.paid(payment, order, 5000, currency(), at).chargedBack(5000));
        assertAccepted(send(notification(payment, "query:" + payment + ":succeeded:chargeback:5000")));
        await().atMost(DEADLINE)
                .until(
                        () -> gateway.order(order)
                                .path("entitlement")
                                .path("status")
                                .asString(),
                        "revoked"::equals);
    }

    @Test
    void anIdMollieDoesNotKnowIsDeadLetteredUnknownObject() {
        String payment = unique("tr");
        assertAccepted(send(notification(payment, null)));
        await().atMost(DEADLINE)
                .until(
                        () -> jdbc.queryForList("""
                                SELECT d.reason FROM dead_letters d JOIN receipts r ON r.id = d.receipt_id
                                WHERE r.provider = 'mollie' AND convert_from(r.body, 'UTF8') = ?""", String.class, "id=" + payment),
                        reasons -> reasons.equals(List.of("unknown_object")));
    }

    @Test
    void aBodyThatIsNotANotificationIsRefusedWithoutATrace() {
        for (String body : new String[] {"", "id=", "id=tr_1&extra=1", "payment=tr_1", "id=tr_%2F..%2Fx"}) {
            Answer answer = gateway.post("/webhooks/mollie", FORM, body.getBytes(StandardCharsets.UTF_8), Map.of());
            assertRefused(answer);
            assertThat(answer.json().path("error").asString()).as(body).isEqualTo("malformed_notification");
        }
        Answer json = gateway.post(
                "/webhooks/mollie", "application/json", "{\"id\":\"tr_1\"}".getBytes(StandardCharsets.UTF_8), Map.of());
        assertThat(json.status()).isEqualTo(415);
    }

    /**
     * Ten thousand copies of one unsigned notification from a hundred addresses: the dedupe window,
     * not the flood, decides how often Mollie is asked; one source alone is cut off at its rate.
     */
    @Test
    void tenThousandNotificationsForOnePaymentAskMollieAHandfulOfTimes() throws Exception {
        String order = unique("ord"), payment = unique("tr");
        gateway.putOrder(order, 1000, currency());
        Notification n = payment(order, payment, 1000, Instant.now());
        ExecutorService pool = Executors.newFixedThreadPool(16);
        long started = System.nanoTime();
        try {
            List<Future<Integer>> statuses = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                String source = "198.51.100." + (i % 100);
                statuses.add(pool.submit(
                        () -> gateway.post("/webhooks/mollie", FORM, n.body(), Map.of("X-Forwarded-For", source))
                                .status()));
            }
            for (Future<Integer> status : statuses) {
                assertThat(status.get()).isEqualTo(200);
            }
        } finally {
            pool.shutdown();
        }
        Duration sending = Duration.ofNanos(System.nanoTime() - started);
        awaitOrder(order, "paid");
        // one fetch now, then at most one per 3 s window while they kept coming, and the last held one;
        // a fetch that times out under the load is asked again, so a few retries ride on top
        long windows = sending.toMillis() / 3_000 + 2;
        int asked = askedOnceSettled(payment);
        assertThat(asked)
                .as("Mollie asked, for 10,000 notifications sent over %s", sending)
                .isBetween(1, (int) windows + 3);
        assertThat(count("SELECT count(*) FROM payments WHERE order_id = ?", order))
                .isOne();

        int accepted = 0;
        Answer last = null;
        while (accepted <= 240) {
            last = gateway.post("/webhooks/mollie", FORM, n.body(), Map.of("X-Forwarded-For", "198.51.100.250"));
            if (last.status() != 200) {
                break;
            }
            accepted++;
        }
        assertThat(last.status()).as("after %d from one address", accepted).isEqualTo(429);
        assertThat(last.json().path("error").asString()).isEqualTo("rate_limited");
    }

    @Test
    void aNotificationWhoseApiStaysDownPastEveryAttemptIsAppliedOnceAfter() {
        String order = unique("ord");
        gateway.putOrder(order, 1250, currency());
        Payment outage = Payment.paid(unique("tr"), order, 1250, currency(), Instant.now());
        MollieApiStubs.down(outage.id());
        assertAccepted(send(notification(outage.id(), null)));
        // each try waits the broker's backoff (Redelivery: 0.5 s doubling): the fourth comes ~3.5 s in
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> MollieApiStubs.asked(outage.id()) >= ASKED_WHILE_DOWN);
        assertThat(gateway.order(outage.order()).path("status").asString()).isEqualTo("pending");
        assertThat(deadLettersOf(outage.id()))
                .as("never dead-lettered for the outage")
                .isZero();

        MollieApiStubs.answer(outage);
        JsonNode paid = await().atMost(Redelivery.MAX_DELAY.plus(DEADLINE))
                .until(
                        () -> gateway.order(outage.order()),
                        o -> "paid".equals(o.path("status").asString()));
        assertThat(paid.path("payments")).hasSize(1);
        assertThat(deadLettersOf(outage.id())).isZero();
        assertThat(count(
                        "SELECT count(*) FROM receipts WHERE provider = 'mollie' AND event_id = ? AND outcome = 'applied'",
                        "query:" + outage.id() + ":succeeded"))
                .isOne();
    }

    /** How often Mollie was asked about the payment, once that number stopped moving for five seconds. */
    private static int askedOnceSettled(String payment) {
        int[] last = {-1};
        long[] changedAt = {System.nanoTime()};
        await().atMost(DEADLINE).pollInterval(Duration.ofMillis(500)).until(() -> {
            int now = MollieApiStubs.asked(payment);
            if (now != last[0]) {
                last[0] = now;
                changedAt[0] = System.nanoTime();
            }
            return now > 0 && Duration.ofNanos(System.nanoTime() - changedAt[0]).toSeconds() >= 5;
        });
        return last[0];
    }

    private int deadLettersOf(String payment) {
        return count("""
                SELECT count(*) FROM dead_letters d JOIN receipts r ON r.id = d.receipt_id
                WHERE r.provider = 'mollie' AND convert_from(r.body, 'UTF8') = ?""", "id=" + payment);
    }
}
