package dev.payhook.processing;

import dev.payhook.provider.EventType;
import dev.payhook.store.PaymentStore.Derived;
import dev.payhook.store.PaymentStore.EventRow;
import java.time.Instant;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A payment's state, derived from the whole set of its events in occurred_at order (ties broken by
 * the order of {@link EventType}), never from their arrival order: any permutation of the same
 * events gives the same state (DESIGN.md 3.2).
 */
public final class PaymentStateMachine {

    /** The base states a payment event may move from (DESIGN.md 3.2.1); anything else is refused. */
    private static final Map<EventType, Set<String>> ALLOWED_FROM = new EnumMap<>(Map.of(
            EventType.PAYMENT_PENDING, Set.of("unknown", "pending"),
            EventType.PAYMENT_SUCCEEDED, Set.of("unknown", "pending", "failed", "succeeded"),
            EventType.PAYMENT_FAILED, Set.of("unknown", "pending", "failed"),
            EventType.PAYMENT_CANCELED, Set.of("unknown", "pending", "failed", "canceled")));

    private static final Set<EventType> DISPUTE =
            EnumSet.of(EventType.DISPUTE_OPENED, EventType.DISPUTE_WON, EventType.DISPUTE_LOST);

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

    private static final Comparator<EventRow> ORDER = Comparator.comparing(EventRow::occurredAt)
            .thenComparing(e -> PRECEDENCE.indexOf(e.type()))
            .thenComparing(e -> e.eventId() == null ? "" : e.eventId());

    private PaymentStateMachine() {}

    /** The state, and for each event id whether the machine applied it ("applied") or its table refused it ("review"). */
    public record Result(Derived state, Map<String, String> verdicts) {}

    /** The payment's state with event {@code eventId} among its events, and what that event did to it. */
    public record Outcome(Result result, String verdict) {}

    /**
     * {@code applied} when the event moved the state; {@code stale} when it is older than events
     * already known and changes nothing; {@code review} when the table forbids it (a contradiction).
     */
    public static Outcome outcome(List<EventRow> events, String eventId) {
        Result with = derive(events);
        String verdict = with.verdicts().getOrDefault(eventId, "applied");
        if (verdict.equals("applied")) {
            List<EventRow> others =
                    events.stream().filter(e -> !eventId.equals(e.eventId())).toList();
            Instant mine = events.stream()
                    .filter(e -> eventId.equals(e.eventId()))
                    .map(EventRow::occurredAt)
                    .min(Comparator.naturalOrder())
                    .orElse(null);
            boolean older =
                    mine != null && others.stream().anyMatch(o -> o.occurredAt().isAfter(mine));
            if (older && derive(others).state().equals(with.state())) {
                verdict = "stale";
            }
        }
        return new Outcome(with, verdict);
    }

    public static Result derive(List<EventRow> events) {
        List<EventRow> ordered = events.stream().sorted(ORDER).toList();
        String base = "unknown";
        String dispute = null;
        Long amount = null;
        String currency = null;
        Instant lastApplied = null;
        Instant paidAt = null;
        Map<String, Long> refunds = new HashMap<>();
        long cumulativeRefund = 0;
        Map<String, String> verdicts = new HashMap<>();

        for (EventRow e : ordered) {
            boolean applied = true;
            if (ALLOWED_FROM.containsKey(e.type())) {
                applied = ALLOWED_FROM.get(e.type()).contains(base);
                if (applied) {
                    base = e.type().wireName().substring("payment.".length());
                    if (e.amountMinor() != null && (amount == null || e.type() == EventType.PAYMENT_SUCCEEDED)) {
                        amount = e.amountMinor();
                        currency = e.currency();
                    }
                    if (e.type() == EventType.PAYMENT_SUCCEEDED && paidAt == null) {
                        paidAt = e.occurredAt();
                    }
                }
            } else if (e.type() == EventType.REFUND_SUCCEEDED && e.amountMinor() != null) {
                if (e.refundId() != null) {
                    refunds.put(e.refundId(), e.amountMinor());
                } else {
                    cumulativeRefund = Math.max(cumulativeRefund, e.amountMinor());
                }
            } else if (DISPUTE.contains(e.type())) {
                applied = e.type() == EventType.DISPUTE_OPENED
                        ? dispute == null
                        : !"won".equals(dispute) && !"lost".equals(dispute);
                if (applied) {
                    dispute = switch (e.type()) {
                        case DISPUTE_OPENED -> "open";
                        case DISPUTE_WON -> "won";
                        default -> "lost";
                    };
                }
            }
            verdicts.put(e.eventId(), applied ? "applied" : "review");
            if (applied && (lastApplied == null || e.occurredAt().isAfter(lastApplied))) {
                lastApplied = e.occurredAt();
            }
        }
        long refunded = Math.max(
                cumulativeRefund,
                refunds.values().stream().mapToLong(Long::longValue).sum());
        if (amount != null) {
            refunded = Math.min(refunded, amount);
        }
        String status = base;
        if (base.equals("succeeded")) {
            if ("lost".equals(dispute)) {
                status = "dispute_lost";
            } else if ("open".equals(dispute)) {
                status = "disputed";
            } else if (amount != null && refunded >= amount && refunded > 0) {
                status = "refunded";
            } else if (refunded > 0) {
                status = "partially_refunded";
            } else if ("won".equals(dispute)) {
                status = "dispute_won";
            }
        }
        return new Result(
                new Derived(status, amount, currency, refunded, paidAt != null ? paidAt : lastApplied), verdicts);
    }
}
