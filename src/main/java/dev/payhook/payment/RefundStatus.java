package dev.payhook.payment;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Where a refund request stands (DESIGN.md §12), and the moves allowed between them: the one table
 * every status change is checked against.
 */
public enum RefundStatus implements WireName {
    /** Created; no call known to have reached the provider. */
    REQUESTED,
    /** The provider accepted the call and named its refund. */
    SUBMITTED,
    /** A refund event for it went through processing. */
    SUCCEEDED,
    /** The provider refused, or its refund failed. */
    FAILED,
    /** A call's outcome is not known (no answer, 5xx): the provider is asked about it by the reference. */
    UNKNOWN;

    private static final Map<RefundStatus, Set<RefundStatus>> NEXT = Map.of(
            REQUESTED, EnumSet.of(SUBMITTED, FAILED, UNKNOWN),
            UNKNOWN, EnumSet.of(SUBMITTED, FAILED),
            SUBMITTED, EnumSet.of(SUCCEEDED, FAILED),
            SUCCEEDED, EnumSet.noneOf(RefundStatus.class),
            FAILED, EnumSet.noneOf(RefundStatus.class));

    /** Not final: its money may still go back, so it counts against what is left to refund. */
    public boolean open() {
        return !NEXT.get(this).isEmpty();
    }

    /** The statuses a request may be in to move to {@code next}. */
    public static Set<RefundStatus> before(RefundStatus next) {
        Set<RefundStatus> from = EnumSet.noneOf(RefundStatus.class);
        NEXT.forEach((status, to) -> {
            if (to.contains(next)) {
                from.add(status);
            }
        });
        return from;
    }
}
