package dev.payhook.provider;

import java.util.List;

/**
 * A payment Payhook has recorded, as the reconciler asks about it: the amount it was recorded for
 * (null while no event said), the refunds it knows by their ids, and the connected account it
 * belongs to (null for the platform's own), which the provider's API must be told.
 */
public record KnownPayment(
        String paymentId,
        String orderId,
        Long amountMinor,
        String currency,
        List<String> refundIds,
        String connectedAccount) {}
