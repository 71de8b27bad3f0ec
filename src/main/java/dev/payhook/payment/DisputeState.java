package dev.payhook.payment;

/** Where a payment's chargeback stands. */
public enum DisputeState implements WireName {
    NONE,
    OPEN,
    WON,
    LOST
}
