package dev.payhook.payment;

/** A payment's status as the API shows it (docs/DESIGN.md §3.2.1), derived from its events. */
public enum PaymentStatus implements WireName {
    /** A payment known only from an event that does not tell how it went (a refund before its payment). */
    UNKNOWN,
    PENDING,
    SUCCEEDED,
    FAILED,
    CANCELED,
    PARTIALLY_REFUNDED,
    REFUNDED,
    DISPUTED,
    DISPUTE_WON,
    DISPUTE_LOST;

    /** The payment captured money (and may have given some back): it can pay an order. */
    public boolean captured() {
        return switch (this) {
            case SUCCEEDED, PARTIALLY_REFUNDED, REFUNDED, DISPUTED, DISPUTE_WON, DISPUTE_LOST -> true;
            default -> false;
        };
    }
}
