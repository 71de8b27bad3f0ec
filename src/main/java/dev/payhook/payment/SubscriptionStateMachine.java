package dev.payhook.payment;

import static dev.payhook.payment.SubscriptionStatus.ACTIVE;
import static dev.payhook.payment.SubscriptionStatus.CANCELED;
import static dev.payhook.payment.SubscriptionStatus.PAST_DUE;
import static dev.payhook.payment.SubscriptionStatus.PAUSED;
import static dev.payhook.payment.SubscriptionStatus.TRIALING;
import static dev.payhook.payment.SubscriptionStatus.UNKNOWN;

import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A subscription's state, derived like a payment's (docs/DESIGN.md §8): from all of its events in
 * occurred_at order, so a late {@code updated} never brings a canceled subscription back. The
 * transitions are data, below.
 */
public final class SubscriptionStateMachine {

    private static final Set<SubscriptionStatus> LIVE = EnumSet.of(UNKNOWN, TRIALING, ACTIVE, PAST_DUE, PAUSED);

    /**
     * A move: the statuses it may start from and the one it leads to ({@code reported}: the status the
     * event names wins over {@code to}; {@code to} null keeps the status). A move from elsewhere is a
     * contradiction for a person, except for a {@code quiet} one (a payment of the subscription), which
     * then leaves the status as it is: a renewal paid after a cancellation is money, not a revival.
     */
    private record Move(Set<SubscriptionStatus> from, SubscriptionStatus to, boolean reported, boolean quiet) {}

    private static final Map<EventType, Move> TABLE = new EnumMap<>(Map.of(
            EventType.SUBSCRIPTION_ACTIVATED, new Move(LIVE, ACTIVE, true, false),
            EventType.SUBSCRIPTION_UPDATED, new Move(LIVE, null, true, false),
            EventType.SUBSCRIPTION_PAST_DUE, new Move(EnumSet.of(UNKNOWN, TRIALING, ACTIVE), PAST_DUE, false, false),
            EventType.SUBSCRIPTION_PAUSED, new Move(LIVE, PAUSED, false, false),
            EventType.SUBSCRIPTION_RESUMED, new Move(LIVE, ACTIVE, true, false),
            EventType.SUBSCRIPTION_CANCELED, new Move(EnumSet.allOf(SubscriptionStatus.class), CANCELED, false, false),
            EventType.PAYMENT_SUCCEEDED, new Move(EnumSet.of(UNKNOWN, PAST_DUE), ACTIVE, false, true),
            EventType.PAYMENT_FAILED, new Move(EnumSet.of(UNKNOWN, TRIALING, ACTIVE), PAST_DUE, false, true)));

    /** Events at the same instant are taken in the order a subscription's life goes through them. */
    private static final List<EventType> PRECEDENCE = List.of(
            EventType.SUBSCRIPTION_ACTIVATED,
            EventType.SUBSCRIPTION_UPDATED,
            EventType.PAYMENT_FAILED,
            EventType.SUBSCRIPTION_PAST_DUE,
            EventType.PAYMENT_SUCCEEDED,
            EventType.SUBSCRIPTION_RESUMED,
            EventType.SUBSCRIPTION_PAUSED,
            EventType.SUBSCRIPTION_CANCELED);

    private static final Comparator<SubscriptionEvent> ORDER = Comparator.comparing(SubscriptionEvent::occurredAt)
            .thenComparing(e -> PRECEDENCE.indexOf(e.type()))
            .thenComparing(SubscriptionEvent::eventId);

    private SubscriptionStateMachine() {}

    /** A payment of the subscription billed other than its price: a finding about that event. */
    public record Mismatch(ReviewKind kind, String detail) {}

    /** The state; per event id whether the table applied it; renewals whose amount contradicts the price. */
    public record Result(SubscriptionState state, Map<String, Verdict> verdicts, Map<String, Mismatch> mismatches) {}

    public record Outcome(Result result, Verdict verdict) {}

    /** The state with event {@code eventId} among the events, and what that event did to it. */
    public static Outcome outcome(List<SubscriptionEvent> events, String eventId) {
        Result with = derive(events);
        Verdict verdict = Histories.judge(
                with.verdicts().getOrDefault(eventId, Verdict.APPLIED),
                events,
                eventId,
                SubscriptionEvent::eventId,
                SubscriptionEvent::occurredAt,
                others -> derive(others).state(),
                with.state(),
                Objects::equals);
        return new Outcome(with, verdict);
    }

    public static Result derive(List<SubscriptionEvent> events) {
        Fold fold = new Fold();
        events.stream().filter(e -> TABLE.containsKey(e.type())).sorted(ORDER).forEach(fold::apply);
        return new Result(fold.state, fold.verdicts, fold.mismatches);
    }

    private static final class Fold {
        private SubscriptionState state = SubscriptionState.NONE;
        private final Map<String, Verdict> verdicts = new HashMap<>();
        private final Map<String, Mismatch> mismatches = new LinkedHashMap<>();

        void apply(SubscriptionEvent e) {
            Move move = TABLE.get(e.type());
            SubscriptionStatus from = state.status();
            SubscriptionStatus to = move.reported() && e.reported() != null
                    ? e.reported()
                    : Objects.requireNonNullElse(move.to(), from);
            boolean allowed = move.from().contains(from) || to == from;
            verdicts.put(e.eventId(), allowed || move.quiet() ? Verdict.APPLIED : Verdict.REVIEW);
            if (e.payment()) {
                checkPrice(e);
            } else if (allowed) {
                terms(e);
            }
            if (allowed) {
                move(from, to, e);
            }
        }

        /** What the provider says of the subscription's period, cancellation and price, as of this event. */
        private void terms(SubscriptionEvent e) {
            boolean priced = e.amountMinor() != null;
            state = new SubscriptionState(
                    state.status(),
                    e.currentPeriodEnd() != null ? e.currentPeriodEnd() : state.currentPeriodEnd(),
                    e.cancelAt(),
                    state.canceledAt(),
                    state.pastDueSince(),
                    priced ? e.amountMinor() : state.priceMinor(),
                    priced ? e.currency() : state.currency());
        }

        private void move(SubscriptionStatus from, SubscriptionStatus to, SubscriptionEvent e) {
            state = new SubscriptionState(
                    to,
                    state.currentPeriodEnd(),
                    state.cancelAt(),
                    to == CANCELED && from != CANCELED ? e.occurredAt() : state.canceledAt(),
                    to != PAST_DUE ? null : from == PAST_DUE ? state.pastDueSince() : e.occurredAt(),
                    state.priceMinor(),
                    state.currency());
        }

        /** A renewal billed in another currency or another pre-tax amount than the price then. */
        private void checkPrice(SubscriptionEvent e) {
            if (e.type() != EventType.PAYMENT_SUCCEEDED || state.priceMinor() == null) {
                return;
            }
            if (e.currency() != null && !e.currency().equals(state.currency())) {
                mismatches.put(
                        e.eventId(),
                        new Mismatch(
                                ReviewKind.CURRENCY_MISMATCH,
                                "renewal billed in " + e.currency() + ", the subscription is priced in "
                                        + state.currency()));
            } else if (e.amountMinor() != null && !e.amountMinor().equals(state.priceMinor())) {
                mismatches.put(
                        e.eventId(),
                        new Mismatch(
                                ReviewKind.AMOUNT_MISMATCH,
                                "renewal billed " + e.amountMinor() + " minor units before tax, the subscription's"
                                        + " price is " + state.priceMinor()));
            }
        }
    }
}
