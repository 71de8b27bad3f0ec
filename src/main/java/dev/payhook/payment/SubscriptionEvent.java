package dev.payhook.payment;

import java.time.Instant;

/**
 * One applied event of a subscription, as its state machine reads it: a subscription event with
 * what it reported, or a payment of the subscription ({@code payment.succeeded}/{@code failed}) with
 * the pre-tax amount it billed. Fields the event did not carry are null.
 */
public record SubscriptionEvent(
        EventType type,
        Instant occurredAt,
        SubscriptionStatus reported,
        Instant currentPeriodEnd,
        Instant cancelAt,
        Long amountMinor,
        String currency,
        String eventId) {

    /** A payment of the subscription rather than an event about the subscription itself. */
    public boolean payment() {
        return type.branch() == EventType.Branch.PAYMENT;
    }
}
