package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.payment.EventType;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderStatus;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.store.OrderStore;
import dev.payhook.support.EventHarness;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * docs/DESIGN.md §8: a subscription's outcome depends on the set of its events, never on their
 * arrival. Random histories of one subscription (created, updates with any status, past due,
 * paused, resumed, canceled at once or for later, renewals paid and failed) are applied twice through
 * the processing step against PostgreSQL: in occurred_at order, then shuffled with duplicates (one
 * thread, then four at once). Subscription, order and entitlement must end the same; a
 * subscription canceled by any of its events stays canceled; otherwise the newest event that
 * reports a status decides it.
 */
class SubscriptionHistoryPropertyTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    /** Far enough ahead that no run of the test reaches it: an end still to come. */
    private static final Instant LATER = Instant.parse("2036-01-01T00:00:00Z");

    private static final List<SubscriptionStatus> REPORTED = List.of(
            SubscriptionStatus.TRIALING,
            SubscriptionStatus.ACTIVE,
            SubscriptionStatus.PAST_DUE,
            SubscriptionStatus.PAUSED,
            SubscriptionStatus.CANCELED);
    private static final AtomicLong RUN = new AtomicLong();
    private static EventHarness harness;

    /** One event; {@code at} in seconds after T0; {@code payment} set for a renewal. */
    record Step(String id, EventType type, int at, SubscriptionStatus reported, Instant cancelAt, String payment) {}

    record Outcome(
            String status,
            Instant periodEnd,
            Instant cancelAt,
            Instant canceledAt,
            Instant pastDueSince,
            String orderStatus,
            String entitlement,
            Instant entitlementChangesAt) {}

    @BeforeContainer
    static void start() {
        harness = new EventHarness();
    }

    @AfterContainer
    static void stop() {
        harness.close();
    }

    @Property(tries = 120)
    void arrivalOrderAndDuplicatesDoNotChangeTheOutcome(@ForAll("histories") List<Step> history, @ForAll long seed)
            throws Exception {
        assertSameOutcome(history, seed, 1);
    }

    @Property(tries = 25)
    void fourConcurrentConsumersReachTheSameOutcome(@ForAll("histories") List<Step> history, @ForAll long seed)
            throws Exception {
        assertSameOutcome(history, seed, 4);
    }

    private static void assertSameOutcome(List<Step> history, long seed, int consumers) throws Exception {
        Outcome expected = apply(inOccurredOrder(history), 1);
        Outcome actual = apply(EventHarness.shuffledWithDuplicates(history, new Random(seed)), consumers);
        assertThat(actual).isEqualTo(expected);
        boolean canceledByAny = history.stream()
                .anyMatch(s -> s.type() == EventType.SUBSCRIPTION_CANCELED
                        || (s.payment() == null && s.reported() == SubscriptionStatus.CANCELED));
        Step newest = history.stream().max(Comparator.comparingInt(Step::at)).orElse(null);
        boolean alone = newest != null
                && history.stream().filter(st -> st.at() == newest.at()).count() == 1;
        boolean says = newest != null
                && (newest.type() == EventType.SUBSCRIPTION_UPDATED
                        || newest.type() == EventType.SUBSCRIPTION_ACTIVATED)
                && newest.reported() != null;
        if (!canceledByAny && alone && says) {
            assertThat(actual.status())
                    .as("the newest word wins: " + history)
                    .isEqualTo(newest.reported().wireName());
        }
        if (canceledByAny) {
            assertThat(actual.status()).as("never revived: " + history).isEqualTo("canceled");
            assertThat(actual.entitlement().equals("revoked") || actual.entitlementChangesAt() != null)
                    .as("revoked, or active until the cancellation takes effect: " + actual)
                    .isTrue();
        }
    }

    @Provide
    Arbitrary<List<Step>> histories() {
        return Arbitraries.randomValue(SubscriptionHistoryPropertyTest::history);
    }

    private static List<Step> history(Random r) {
        List<Step> steps = new ArrayList<>();
        if (r.nextInt(10) > 0) {
            SubscriptionStatus first = r.nextBoolean() ? SubscriptionStatus.ACTIVE : SubscriptionStatus.TRIALING;
            steps.add(new Step("created", EventType.SUBSCRIPTION_ACTIVATED, 0, first, null, null));
        }
        for (int i = r.nextInt(4); i > 0; i--) {
            SubscriptionStatus reported = REPORTED.get(r.nextInt(REPORTED.size()));
            steps.add(new Step(
                    "updated" + i, EventType.SUBSCRIPTION_UPDATED, r.nextInt(30), reported, cancelAt(r), null));
        }
        for (EventType type : List.of(
                EventType.SUBSCRIPTION_PAST_DUE,
                EventType.SUBSCRIPTION_PAUSED,
                EventType.SUBSCRIPTION_RESUMED,
                EventType.SUBSCRIPTION_CANCELED)) {
            if (r.nextInt(4) == 0) {
                Instant cancelAt = type == EventType.SUBSCRIPTION_CANCELED ? cancelAt(r) : null;
                steps.add(new Step(type.wireName(), type, r.nextInt(30), null, cancelAt, null));
            }
        }
        for (int i = r.nextInt(4); i > 0; i--) {
            EventType type = r.nextInt(3) == 0 ? EventType.PAYMENT_FAILED : EventType.PAYMENT_SUCCEEDED;
            steps.add(new Step("renewal" + i, type, r.nextInt(30), null, null, "in_" + i));
        }
        return steps;
    }

    /** No cancellation, one already in effect, or one still to come. */
    private static Instant cancelAt(Random r) {
        return switch (r.nextInt(3)) {
            case 0 -> null;
            case 1 -> T0.plusSeconds(r.nextInt(40));
            default -> LATER;
        };
    }

    private static List<Step> inOccurredOrder(List<Step> h) {
        return h.stream().sorted(Comparator.comparingInt(Step::at)).toList();
    }

    private static Outcome apply(List<Step> deliveries, int consumers) throws Exception {
        String run = "s" + RUN.incrementAndGet();
        String orderId = "ord_" + run;
        String subscriptionId = "sub_" + run;
        harness.context(OrderStore.class)
                .insertIfAbsent(new Order(orderId, 500, "USD", "book-1", "cus_" + run, OrderStatus.PENDING, 0));
        harness.deliverConcurrently(
                deliveries.stream()
                        .map(s -> event(s, run, orderId, subscriptionId))
                        .toList(),
                consumers);
        return harness.jdbc.queryForObject(
                """
                SELECT coalesce(s.status, 'none'), s.current_period_end, s.cancel_at, s.canceled_at, s.past_due_since,
                       o.status, coalesce(e.status, 'none'), e.changes_at
                FROM orders o LEFT JOIN subscriptions s ON s.provider = 'stripe' AND s.provider_subscription_id = ?
                LEFT JOIN entitlements e ON e.order_id = o.order_id
                WHERE o.order_id = ?""",
                (rs, i) -> new Outcome(
                        rs.getString(1),
                        instant(rs.getTimestamp(2)),
                        instant(rs.getTimestamp(3)),
                        instant(rs.getTimestamp(4)),
                        instant(rs.getTimestamp(5)),
                        rs.getString(6),
                        rs.getString(7),
                        instant(rs.getTimestamp(8))),
                subscriptionId,
                orderId);
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    /** Subscription events name the sign-up order; renewals name only their subscription. */
    private static NormalizedEvent event(Step s, String run, String orderId, String subscriptionId) {
        NormalizedEvent.Builder b = NormalizedEvent.builder(
                "stripe", "evt_" + run + "_" + s.id(), "test." + s.type().wireName(), T0.plusSeconds(s.at()));
        if (s.payment() != null) {
            return b.payment(s.payment() + "_" + run)
                    .amount(1200L, "USD")
                    .subscription(subscriptionId, SubscriptionTerms.billed(1000L, "USD"))
                    .build(s.type());
        }
        SubscriptionTerms terms = new SubscriptionTerms(
                s.reported(), T0.plus(Duration.ofDays(30)).plusSeconds(s.at()), s.cancelAt(), 1000L, "USD");
        return b.order(orderId).subscription(subscriptionId, terms).build(s.type());
    }
}
