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

    private static final Set<EventType> DISPUTE = EnumSet.of(EventType.DISPUTE_OPENED, EventType.DISPUTE_WON, EventType.DISPUTE_LOST);

    private PaymentStateMachine() {
    }

    /** The state, and for each event id whether the machine applied it ("applied") or refused it ("stale"/"review"). */
    public record Result(Derived state, Map<String, String> verdicts) {
    }

    public static Result derive(List<EventRow> events) {
        List<EventRow> ordered = events.stream()
                .sorted(Comparator.comparing(EventRow::occurredAt).thenComparing(EventRow::type)
                        .thenComparing(e -> e.eventId() == null ? "" : e.eventId()))
                .toList();
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
                applied = e.type() == EventType.DISPUTE_OPENED ? dispute == null : !"won".equals(dispute) && !"lost".equals(dispute);
                if (applied) {
                    dispute = switch (e.type()) {
                        case DISPUTE_OPENED -> "open";
                        case DISPUTE_WON -> "won";
                        default -> "lost";
                    };
                }
            }
            String verdict = applied ? "applied" : (lastApplied != null && e.occurredAt().isBefore(lastApplied) ? "stale" : "review");
            verdicts.put(e.eventId(), verdict);
            if (applied && (lastApplied == null || e.occurredAt().isAfter(lastApplied))) {
                lastApplied = e.occurredAt();
            }
        }
        long refunded = Math.max(cumulativeRefund, refunds.values().stream().mapToLong(Long::longValue).sum());
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
        return new Result(new Derived(status, amount, currency, refunded, paidAt != null ? paidAt : lastApplied), verdicts);
    }
}
