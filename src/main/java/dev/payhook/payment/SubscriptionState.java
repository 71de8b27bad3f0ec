package dev.payhook.payment;

import java.time.Instant;

/**
 * A subscription's state derived from all of its events. {@code cancelAt}: when a cancellation
 * takes or took effect, as last reported; {@code canceledAt}: when it was canceled; {@code
 * pastDueSince}: the first failed renewal of the current arrears; {@code priceMinor}: the pre-tax
 * amount of one period.
 */
public record SubscriptionState(
        SubscriptionStatus status,
        Instant currentPeriodEnd,
        Instant cancelAt,
        Instant canceledAt,
        Instant pastDueSince,
        Long priceMinor,
        String currency) {

    public static final SubscriptionState NONE =
            new SubscriptionState(SubscriptionStatus.UNKNOWN, null, null, null, null, null, null);
}
