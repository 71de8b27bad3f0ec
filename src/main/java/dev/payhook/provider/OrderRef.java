package dev.payhook.provider;

/**
 * A local order as the reconciler asks a provider about it: some providers find a payment only by
 * the order id and the amount it was for (eSewa's status API).
 */
public record OrderRef(String orderId, long amountMinor, String currency) {}
