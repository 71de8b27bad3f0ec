package dev.payhook.payment;

/** A local order's status (docs/DESIGN.md §6), settled from its payments; each grants its entitlement. */
public enum OrderStatus implements WireName {
    PENDING(EntitlementStatus.NONE),
    PAID(EntitlementStatus.ACTIVE),
    PARTIALLY_REFUNDED(EntitlementStatus.ACTIVE),
    REFUNDED(EntitlementStatus.REVOKED),
    DISPUTED(EntitlementStatus.SUSPENDED),
    DISPUTE_LOST(EntitlementStatus.REVOKED),
    CANCELED(EntitlementStatus.NONE);

    private final EntitlementStatus entitlement;

    OrderStatus(EntitlementStatus entitlement) {
        this.entitlement = entitlement;
    }

    /** What the order grants: {@link EntitlementStatus#NONE} takes back an entitlement granted before. */
    public EntitlementStatus entitlement() {
        return entitlement;
    }

    /** The order status a payment that paid it leads to. */
    public static OrderStatus paidBy(PaymentStatus payment) {
        return switch (payment) {
            case SUCCEEDED, DISPUTE_WON -> PAID;
            case PARTIALLY_REFUNDED -> PARTIALLY_REFUNDED;
            case REFUNDED -> REFUNDED;
            case DISPUTED -> DISPUTED;
            case DISPUTE_LOST -> DISPUTE_LOST;
            default -> throw new IllegalArgumentException("a " + payment.wireName() + " payment paid nothing");
        };
    }
}
