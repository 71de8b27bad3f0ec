package dev.payhook.provider;

/** Normalized event types (DESIGN.md 3.1); the family picks the branch of the processing route. */
public enum EventType {
    PAYMENT_SUCCEEDED("payment.succeeded"),
    PAYMENT_FAILED("payment.failed"),
    PAYMENT_PENDING("payment.pending"),
    PAYMENT_CANCELED("payment.canceled"),
    REFUND_SUCCEEDED("refund.succeeded"),
    REFUND_FAILED("refund.failed"),
    DISPUTE_OPENED("dispute.opened"),
    DISPUTE_WON("dispute.won"),
    DISPUTE_LOST("dispute.lost"),
    SUBSCRIPTION_ACTIVATED("subscription.activated"),
    SUBSCRIPTION_UPDATED("subscription.updated"),
    SUBSCRIPTION_CANCELED("subscription.canceled"),
    OTHER("other");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /** payment, refund, dispute, subscription or other. */
    public String family() {
        int dot = wireName.indexOf('.');
        return dot < 0 ? wireName : wireName.substring(0, dot);
    }

    public static EventType fromWireName(String name) {
        for (EventType t : values()) {
            if (t.wireName.equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown event type " + name);
    }
}
