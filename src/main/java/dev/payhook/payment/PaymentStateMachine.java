package dev.payhook.payment;

import java.time.Instant;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A payment's state, derived from the whole set of its events in occurred_at order (ties broken by
 * the order a payment's life goes through them), never from their arrival order: any permutation
 * of the same events gives the same state (docs/DESIGN.md §3.2). The transitions are data, below.
 */
public final class PaymentStateMachine {

    /** How far the money itself went. */
    private enum Lifecycle {
        UNKNOWN,
        PENDING,
        SUCCEEDED,
        FAILED,
        CANCELED
    }

    /** A move of one part of the state: the values it may start from, and the value it leads to. */
    private record Move<S>(Set<S> from, S to) {}

    /** Payment events (docs/DESIGN.md §3.2.1): a late pending or failure never undoes a success; failed and canceled never go back to pending. */
    private static final Map<EventType, Move<Lifecycle>> LIFECYCLE = new EnumMap<>(Map.of(
            EventType.PAYMENT_PENDING, new Move<>(EnumSet.of(Lifecycle.UNKNOWN, Lifecycle.PENDING), Lifecycle.PENDING),
            EventType.PAYMENT_SUCCEEDED,
                    new Move<>(
                            EnumSet.of(Lifecycle.UNKNOWN, Lifecycle.PENDING, Lifecycle.FAILED, Lifecycle.SUCCEEDED),
                            Lifecycle.SUCCEEDED),
            EventType.PAYMENT_FAILED,
                    new Move<>(EnumSet.of(Lifecycle.UNKNOWN, Lifecycle.PENDING, Lifecycle.FAILED), Lifecycle.FAILED),
            EventType.PAYMENT_CANCELED,
                    new Move<>(
                            EnumSet.of(Lifecycle.UNKNOWN, Lifecycle.PENDING, Lifecycle.FAILED, Lifecycle.CANCELED),
                            Lifecycle.CANCELED)));

    /** Dispute events: a chargeback is opened once and decided once. */
    private static final Map<EventType, Move<DisputeState>> DISPUTE = new EnumMap<>(Map.of(
            EventType.DISPUTE_OPENED, new Move<>(EnumSet.of(DisputeState.NONE), DisputeState.OPEN),
            EventType.DISPUTE_WON, new Move<>(EnumSet.of(DisputeState.NONE, DisputeState.OPEN), DisputeState.WON),
            EventType.DISPUTE_LOST, new Move<>(EnumSet.of(DisputeState.NONE, DisputeState.OPEN), DisputeState.LOST)));

    // Refund events move neither: each succeeded refund is a fact, summed into the refunded total.

    /** Events at the same instant are taken in the order a payment's life goes through them. */
    private static final List<EventType> PRECEDENCE = List.of(
            EventType.PAYMENT_PENDING,
            EventType.PAYMENT_FAILED,
            EventType.PAYMENT_SUCCEEDED,
            EventType.PAYMENT_CANCELED,
            EventType.REFUND_FAILED,
            EventType.REFUND_SUCCEEDED,
            EventType.DISPUTE_OPENED,
            EventType.DISPUTE_WON,
            EventType.DISPUTE_LOST);

    private static final Comparator<PaymentEvent> ORDER = Comparator.comparing(PaymentEvent::occurredAt)
            .thenComparing(e -> PRECEDENCE.indexOf(e.type()))
            .thenComparing(e -> e.eventId() == null ? "" : e.eventId());

    private PaymentStateMachine() {}

    /** The state, and for each event id whether the table applied it or refused it ({@link Verdict#REVIEW}). */
    public record Result(PaymentState state, Map<String, Verdict> verdicts) {}

    /** The payment's state with event {@code eventId} among its events, and what that event did to it. */
    public record Outcome(Result result, Verdict verdict) {}

    /**
     * {@link Verdict#STALE} for an applied event no newer than events already known that leaves the
     * money as it was (status, amount, refunded total; not when it was paid): a late webhook, or a
     * provider lookup saying what the webhooks already said. Otherwise what the table said of it.
     */
    public static Outcome outcome(List<PaymentEvent> events, String eventId) {
        Result with = derive(events);
        Verdict verdict = Histories.judge(
                with.verdicts().getOrDefault(eventId, Verdict.APPLIED),
                events,
                eventId,
                PaymentEvent::eventId,
                PaymentEvent::occurredAt,
                others -> derive(others).state(),
                with.state(),
                PaymentStateMachine::sameMoney);
        return new Outcome(with, verdict);
    }

    private static boolean sameMoney(PaymentState a, PaymentState b) {
        return a.status() == b.status()
                && Objects.equals(a.amountMinor(), b.amountMinor())
                && Objects.equals(a.currency(), b.currency())
                && a.refundedMinor() == b.refundedMinor();
    }

    public static Result derive(List<PaymentEvent> events) {
        Fold fold = new Fold();
        events.stream().sorted(ORDER).forEach(fold::apply);
        return fold.result();
    }

    /** The state while the ordered events are folded into it. */
    private static final class Fold {
        private Lifecycle lifecycle = Lifecycle.UNKNOWN;
        private DisputeState dispute = DisputeState.NONE;
        private Long amount;
        private String currency;
        private Instant paidAt;
        private Instant lastApplied;
        private final Map<String, Long> refunds = new HashMap<>();
        private long cumulativeRefund;
        private final Map<String, Verdict> verdicts = new HashMap<>();

        void apply(PaymentEvent e) {
            boolean applied;
            Move<Lifecycle> payment = LIFECYCLE.get(e.type());
            Move<DisputeState> chargeback = DISPUTE.get(e.type());
            if (payment != null) {
                applied = payment.from().contains(lifecycle);
                if (applied) {
                    lifecycle = payment.to();
                    boolean success = e.type() == EventType.PAYMENT_SUCCEEDED;
                    if (e.amountMinor() != null && (amount == null || success)) {
                        amount = e.amountMinor();
                        currency = e.currency();
                    }
                    if (success && paidAt == null) {
                        paidAt = e.occurredAt();
                    }
                }
            } else if (chargeback != null) {
                applied = chargeback.from().contains(dispute);
                if (applied) {
                    dispute = chargeback.to();
                }
            } else {
                applied = true;
                if (e.type() == EventType.REFUND_SUCCEEDED && e.amountMinor() != null) {
                    refund(e);
                }
            }
            verdicts.put(e.eventId(), applied ? Verdict.APPLIED : Verdict.REVIEW);
            if (applied && (lastApplied == null || e.occurredAt().isAfter(lastApplied))) {
                lastApplied = e.occurredAt();
            }
        }

        /** Counted once by refund id; a refund without one reports the refunded total so far (Alipay). */
        private void refund(PaymentEvent e) {
            if (e.refundId() != null) {
                refunds.put(e.refundId(), e.amountMinor());
            } else {
                cumulativeRefund = Math.max(cumulativeRefund, e.amountMinor());
            }
        }

        Result result() {
            long refunded = Math.max(
                    cumulativeRefund,
                    refunds.values().stream().mapToLong(Long::longValue).sum());
            if (amount != null) {
                refunded = Math.min(refunded, amount);
            }
            PaymentState state = new PaymentState(
                    status(refunded), amount, currency, refunded, paidAt != null ? paidAt : lastApplied);
            return new Result(state, verdicts);
        }

        private PaymentStatus status(long refunded) {
            if (lifecycle != Lifecycle.SUCCEEDED) {
                return PaymentStatus.valueOf(lifecycle.name());
            }
            if (dispute == DisputeState.LOST) {
                return PaymentStatus.DISPUTE_LOST;
            }
            if (dispute == DisputeState.OPEN) {
                return PaymentStatus.DISPUTED;
            }
            if (amount != null && refunded >= amount && refunded > 0) {
                return PaymentStatus.REFUNDED;
            }
            if (refunded > 0) {
                return PaymentStatus.PARTIALLY_REFUNDED;
            }
            return dispute == DisputeState.WON ? PaymentStatus.DISPUTE_WON : PaymentStatus.SUCCEEDED;
        }
    }
}
