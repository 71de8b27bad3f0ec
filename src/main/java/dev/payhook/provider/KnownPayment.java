package dev.payhook.provider;

import java.util.List;

/**
 * A payment Payhook has recorded, as the reconciler asks about it: the amount it was recorded for
 * (null while no event said) and the refunds it knows by their ids.
 */
public record KnownPayment(
        String paymentId, String orderId, Long amountMinor, String currency, List<String> refundIds) {}
