package dev.payhook.payment;

/**
 * What the customer of an order may use: granted once paid, suspended in dispute, revoked when money
 * went back. From ACTIVE on, a later constant outranks an earlier one ({@link SubscriptionEntitlement}).
 */
public enum EntitlementStatus implements WireName {
    NONE,
    ACTIVE,
    SUSPENDED,
    REVOKED
}
