package dev.payhook.payment;

import java.time.Instant;

/**
 * A committed change of an order's status or entitlement, as the merchant is told of it
 * (DESIGN.md §11.1): the whole state after it, the order's {@code version} that orders the messages,
 * and what caused it.
 */
public record OrderChange(
        Order order,
        OrderStatus status,
        boolean statusChanged,
        EntitlementStatus entitlement,
        Instant entitlementChangesAt,
        long version,
        Cause cause) {

    /** {@code order.<status>} when the status changed, else {@code entitlement.<status>}. */
    public String type() {
        return statusChanged ? "order." + status.wireName() : "entitlement." + entitlement.wireName();
    }
}
