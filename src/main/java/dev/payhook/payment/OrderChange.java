package dev.payhook.payment;

import java.time.Instant;

/**
 * A committed change of an order's status or entitlement, as the merchant is told of it
 * (DESIGN.md §11.1): {@code order} as it was read locked before the change, the whole state after it,
 * the order's {@code version} that orders the messages, and what caused it.
 */
public record OrderChange(
        Order order,
        OrderStatus status,
        EntitlementStatus entitlement,
        Instant entitlementChangesAt,
        long version,
        Cause cause) {

    /** {@code order.<status>} when the status changed, else {@code entitlement.<status>}. */
    public String type() {
        return status != order.status() ? "order." + status.wireName() : "entitlement." + entitlement.wireName();
    }
}
