package dev.payhook.payment;

import java.time.Instant;

/** A payment's state derived from all of its events; {@code occurredAt} is when it was paid, else its last move. */
public record PaymentState(
        PaymentStatus status, Long amountMinor, String currency, long refundedMinor, Instant occurredAt) {}
