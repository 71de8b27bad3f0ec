package dev.payhook.payment;

/** Normalized event types (docs/DESIGN.md §3.1); the branch picks the action of the processing route. */
public enum EventType implements WireName {
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
    SUBSCRIPTION_PAST_DUE("subscription.past_due"),
    SUBSCRIPTION_PAUSED("subscription.paused"),
    SUBSCRIPTION_RESUMED("subscription.resumed"),
    SUBSCRIPTION_CANCELED("subscription.canceled"),
    OTHER("other");

    /** What processing does with an event of the type: one route branch each. */
    public enum Branch implements WireName {
        /** Payment, refund and dispute events: facts about one payment's money. */
        PAYMENT,
        /** Facts about one subscription's status; its payments take the payment branch. */
        SUBSCRIPTION,
        /** Kept, no effect. */
        OTHER
    }

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    public Branch branch() {
        return switch (this) {
            case SUBSCRIPTION_ACTIVATED,
                    SUBSCRIPTION_UPDATED,
                    SUBSCRIPTION_PAST_DUE,
                    SUBSCRIPTION_PAUSED,
                    SUBSCRIPTION_RESUMED,
                    SUBSCRIPTION_CANCELED -> Branch.SUBSCRIPTION;
            case OTHER -> Branch.OTHER;
            default -> Branch.PAYMENT;
        };
    }

    /** A payment event that, for a payment of a subscription, is a renewal paid or failed. */
    public boolean movesSubscription() {
        return this == PAYMENT_SUCCEEDED || this == PAYMENT_FAILED;
    }

    public static EventType fromWireName(String name) {
        return WireName.parse(EventType.class, name);
    }
}
