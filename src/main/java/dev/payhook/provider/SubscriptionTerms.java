package dev.payhook.provider;

import dev.payhook.payment.SubscriptionStatus;
import java.time.Instant;

/**
 * What a provider's event says of a subscription (null where it says nothing): its status, the end of
 * the current period, when a cancellation takes effect, and a pre-tax amount in minor units: the
 * price of one period on a subscription event, what was billed on a payment of the subscription.
 */
public record SubscriptionTerms(
        SubscriptionStatus status, Instant currentPeriodEnd, Instant cancelAt, Long amountMinor, String currency) {

    public SubscriptionTerms {
        currency = currency == null ? null : Money.currency(currency);
    }

    /** A payment's share of it: the pre-tax amount billed, null when it is not one period's price. */
    public static SubscriptionTerms billed(Long amountMinor, String currency) {
        return new SubscriptionTerms(null, null, null, amountMinor, currency);
    }
}
