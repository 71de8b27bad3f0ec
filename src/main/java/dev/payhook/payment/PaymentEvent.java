package dev.payhook.payment;

import java.time.Instant;

/** One applied event of a payment, as the state machine reads it. */
public record PaymentEvent(
        EventType type, Instant occurredAt, Long amountMinor, String currency, String refundId, String eventId) {}
