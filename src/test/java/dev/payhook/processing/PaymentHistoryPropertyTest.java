package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.payment.EventType;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderStatus;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.store.OrderStore;
import dev.payhook.support.EventHarness;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * docs/DESIGN.md §3.2: a payment's outcome depends on the set of its events, never on their arrival.
 * Random histories of one payment (pending, failures, success, partial and full refunds, a dispute
 * opened then won or lost), with what reconciliation runs asking the provider at random moments
 * learned of it (docs/DESIGN.md §7: lookups go through the same processing), are applied twice
 * through the processing step against PostgreSQL: once in occurred_at order, once shuffled with
 * duplicates (one thread, then four at once), so webhooks and runs interleave every way. Payment,
 * order and entitlement must end the same, and a merchant that keeps the order message with the highest
 * version ends with that state. jqwik prints the seed of a failing run.
 */
class PaymentHistoryPropertyTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final List<EventType> LIFECYCLE = List.of(
            EventType.PAYMENT_PENDING,
            EventType.PAYMENT_FAILED,
            EventType.PAYMENT_SUCCEEDED,
            EventType.REFUND_FAILED,
            EventType.REFUND_SUCCEEDED,
            EventType.DISPUTE_OPENED,
            EventType.DISPUTE_WON,
            EventType.DISPUTE_LOST);
    private static final AtomicLong RUN = new AtomicLong();
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static EventHarness harness;

    /** One event of the history; {@code at} in seconds after T0, so events may share an instant. */
    record Step(String id, EventType type, int at, Long amount, String refundId) {}

    record History(long amount, String currency, List<Step> steps) {}

    /** What a merchant sees in the end. */
    record Outcome(
            String paymentStatus,
            Long amount,
            String currency,
            long refunded,
            String orderStatus,
            String entitlement) {}

    @BeforeContainer
    static void start() {
        harness = new EventHarness();
    }

    @AfterContainer
    static void stop() {
        harness.close();
    }

    // Each try is two runs of ~20 transactions against PostgreSQL. The derivation itself sorts its
    // events (PaymentStateMachineTest); the tries here explore the shell around it. 1000 took a
    // tenth of the whole suite's time (126 s of one fork); 120, with a new seed each run, keep CI
    // within its budget, and the runs together explore more than any one of them.
    @Property(tries = 120)
    void arrivalOrderAndDuplicatesDoNotChangeTheOutcome(@ForAll("histories") History history, @ForAll long arrivalSeed)
            throws Exception {
        assertSameOutcome(history, arrivalSeed, 1);
    }

    @Property(tries = 60)
    void fourConcurrentConsumersReachTheSameOutcome(@ForAll("histories") History history, @ForAll long arrivalSeed)
            throws Exception {
        assertSameOutcome(history, arrivalSeed, 4);
    }

    private static void assertSameOutcome(History history, long arrivalSeed, int consumers) throws Exception {
        Outcome expected = apply(history, inOccurredOrder(history), 1);
        Outcome actual = apply(
                history, EventHarness.shuffledWithDuplicates(history.steps(), new Random(arrivalSeed)), consumers);
        assertThat(actual).isEqualTo(expected);
        assertInvariants(actual);
    }

    private static void assertInvariants(Outcome o) {
        if (o.amount() != null) {
            assertThat(o.refunded())
                    .as("refunded never exceeds the captured amount")
                    .isLessThanOrEqualTo(o.amount());
        }
        boolean paidAndKept = o.orderStatus().equals("paid") || o.orderStatus().equals("partially_refunded");
        assertThat(o.entitlement().equals("active"))
                .as("entitlement active iff the order is paid and kept: " + o)
                .isEqualTo(paidAndKept);
        if (o.orderStatus().equals("refunded") || o.orderStatus().equals("dispute_lost")) {
            assertThat(o.entitlement()).isEqualTo("revoked");
        }
    }

    @Provide
    Arbitrary<History> histories() {
        return Arbitraries.randomValue(PaymentHistoryPropertyTest::history);
    }

    private static History history(Random r) {
        long amount = 1L + r.nextInt(r.nextBoolean() ? 100 : 500_000);
        String currency = List.of("USD", "JPY", "EUR", "KWD").get(r.nextInt(4));
        List<Step> steps = new ArrayList<>();
        if (r.nextInt(3) == 0) {
            steps.add(new Step("pending", EventType.PAYMENT_PENDING, r.nextInt(4), amount, null));
        }
        for (int i = r.nextInt(3); i > 0; i--) {
            steps.add(new Step("failed" + i, EventType.PAYMENT_FAILED, r.nextInt(6), amount, null));
        }
        int paidAt = r.nextInt(7);
        if (r.nextInt(100) < 85) {
            steps.add(new Step("succeeded", EventType.PAYMENT_SUCCEEDED, paidAt, amount, null));
        }
        int refunds = r.nextInt(4);
        long left = amount;
        boolean full = r.nextBoolean();
        for (int i = 1; i <= refunds && left > 0; i++) {
            long part = i == refunds && full ? left : 1 + (long) (r.nextDouble() * Math.max(1, left - 1));
            part = Math.min(part, left);
            left -= part;
            steps.add(new Step("refund" + i, EventType.REFUND_SUCCEEDED, paidAt + r.nextInt(8), part, "re_" + i));
        }
        if (r.nextInt(10) == 0) {
            steps.add(new Step("refund_failed", EventType.REFUND_FAILED, paidAt + r.nextInt(8), 1L, "re_failed"));
        }
        if (r.nextInt(4) == 0) {
            int openedAt = paidAt + r.nextInt(10);
            steps.add(new Step("dispute_opened", EventType.DISPUTE_OPENED, openedAt, amount, null));
            int closing = r.nextInt(10);
            if (closing < 7) {
                steps.add(new Step(
                        "dispute_closed",
                        closing < 4 ? EventType.DISPUTE_WON : EventType.DISPUTE_LOST,
                        openedAt + r.nextInt(5),
                        amount,
                        null));
            }
        }
        for (int runs = r.nextInt(3); runs > 0; runs--) {
            steps.addAll(lookup(steps, r.nextInt(20), amount));
        }
        return new History(amount, currency, steps.stream().distinct().toList());
    }

    /**
     * What a reconciliation run that asked the provider at {@code t} learned, as the reconciler
     * reads a lookup (provider/PaymentSnapshot): the payment's state then, under
     * {@code query:<status>}, and the refunded total then as one cumulative refund. Two runs that
     * saw the same state learned the same fact (the same ids).
     */
    private static List<Step> lookup(List<Step> webhooks, int t, long amount) {
        List<Step> known = webhooks.stream()
                .filter(s -> s.at() <= t && !s.id().startsWith("query"))
                .toList();
        Step lifecycle = earliest(known, EventType.PAYMENT_SUCCEEDED);
        if (lifecycle == null) {
            lifecycle = earliest(known, EventType.PAYMENT_FAILED);
        }
        if (lifecycle == null) {
            lifecycle = earliest(known, EventType.PAYMENT_PENDING);
        }
        if (lifecycle == null) {
            return List.of();
        }
        List<Step> facts = new ArrayList<>();
        facts.add(new Step("query_" + lifecycle.type().wireName(), lifecycle.type(), lifecycle.at(), amount, null));
        List<Step> refunds = known.stream()
                .filter(s -> s.type() == EventType.REFUND_SUCCEEDED)
                .toList();
        long refunded =
                Math.min(amount, refunds.stream().mapToLong(Step::amount).sum());
        if (refunded > 0) {
            int at = refunds.stream().mapToInt(Step::at).max().orElseThrow();
            facts.add(new Step("query_refunded_" + refunded, EventType.REFUND_SUCCEEDED, at, refunded, null));
        }
        return facts;
    }

    /** The state's time as a provider reports it: when the payment first reached it, however often asked. */
    private static Step earliest(List<Step> steps, EventType type) {
        return steps.stream()
                .filter(s -> s.type() == type)
                .min(Comparator.comparingInt(Step::at))
                .orElse(null);
    }

    private static List<Step> inOccurredOrder(History h) {
        return h.steps().stream()
                .sorted(Comparator.comparingInt(Step::at).thenComparingInt(s -> LIFECYCLE.indexOf(s.type())))
                .toList();
    }

    /** Applies the deliveries to a fresh order and payment; refunds and disputes name only the payment. */
    private static Outcome apply(History h, List<Step> deliveries, int consumers) throws Exception {
        String run = "h" + RUN.incrementAndGet();
        String orderId = "ord_" + run;
        String paymentId = "pi_" + run;
        harness.context(OrderStore.class)
                .insertIfAbsent(
                        new Order(orderId, h.amount(), h.currency(), "book-1", "cus_" + run, OrderStatus.PENDING, 0));
        harness.deliverConcurrently(
                deliveries.stream()
                        .map(s -> event(s, run, orderId, paymentId, h.currency()))
                        .toList(),
                consumers);
        assertAMerchantKeepingTheHighestVersionAgrees(orderId, new Random(run.hashCode()));
        return harness.jdbc.queryForObject(
                """
                SELECT p.status, p.amount_minor, p.currency, coalesce(p.refunded_minor, 0), o.status,
                       coalesce(e.status, 'none')
                FROM orders o LEFT JOIN payments p ON p.provider = 'stripe' AND p.provider_payment_id = ?
                LEFT JOIN entitlements e ON e.order_id = o.order_id
                WHERE o.order_id = ?""",
                (rs, i) -> new Outcome(
                        rs.getString(1),
                        (Long) rs.getObject(2),
                        rs.getString(3),
                        rs.getLong(4),
                        rs.getString(5),
                        rs.getString(6)),
                paymentId,
                orderId);
    }

    /**
     * DESIGN.md §11.1: the order's messages, one per change with versions 1..n, received in any order
     * and some twice by a consumer that keeps the highest version, leave it with the order's state.
     */
    private static void assertAMerchantKeepingTheHighestVersionAgrees(String orderId, Random arrival) {
        List<JsonNode> messages = new ArrayList<>(harness.jdbc.query(
                "SELECT payload::text FROM outbox WHERE dedupe_key LIKE ?",
                (rs, i) -> JSON.readTree(rs.getString(1)),
                "order:" + orderId + ":%"));
        assertThat(messages.stream().map(m -> m.path("data").path("version").asLong()))
                .as("one message per change")
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.rangeClosed(1, messages.size()).boxed().toList());
        if (!messages.isEmpty()) {
            messages.add(messages.get(arrival.nextInt(messages.size())));
        }
        Collections.shuffle(messages, arrival);
        JsonNode kept = null;
        for (JsonNode m : messages) {
            if (kept == null
                    || m.path("data").path("version").asLong()
                            > kept.path("version").asLong()) {
                kept = m.path("data");
            }
        }
        Map<String, Object> order = harness.jdbc.queryForMap("""
                SELECT o.status, o.version, coalesce(e.status, 'none') AS entitlement
                FROM orders o LEFT JOIN entitlements e ON e.order_id = o.order_id WHERE o.order_id = ?""", orderId);
        assertThat(kept == null ? "pending" : kept.path("status").asString()).isEqualTo(order.get("status"));
        assertThat(kept == null ? 0L : kept.path("version").asLong()).isEqualTo(order.get("version"));
        assertThat(
                        kept == null
                                ? "none"
                                : kept.path("entitlement").path("status").asString())
                .isEqualTo(order.get("entitlement"));
    }

    private static NormalizedEvent event(Step s, String run, String orderId, String paymentId, String currency) {
        boolean namesOrder = s.type().wireName().startsWith("payment.");
        return NormalizedEvent.builder(
                        "stripe",
                        "evt_" + run + "_" + s.id(),
                        "test." + s.type().wireName(),
                        T0.plusSeconds(s.at()))
                .payment(paymentId)
                .order(namesOrder ? orderId : null)
                .amount(s.amount(), currency)
                .refund(s.refundId())
                .build(s.type());
    }
}
