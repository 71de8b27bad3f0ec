package dev.payhook.payment;

/**
 * A subscription's status (docs/DESIGN.md §8), as Payhook derives it from the provider's events;
 * {@link #UNKNOWN} until an event says which (a renewal seen before its subscription, Stripe's
 * {@code incomplete}).
 */
public enum SubscriptionStatus implements WireName {
    UNKNOWN,
    TRIALING,
    ACTIVE,
    PAST_DUE,
    PAUSED,
    CANCELED
}
