package dev.payhook.provider;

/**
 * A refund asked of a provider, the same on every try: {@code reference} ({@code payhook-<request
 * id>}) is the provider's idempotency key, so a call repeated after a crash or a timeout is the same
 * refund, never a second one.
 *
 * @param currency ISO 4217, upper case
 * @param paymentAmountMinor what the payment captured (WeChat Pay and Alipay want it with the refund)
 * @param connectedAccount the connected account the payment belongs to (Stripe Connect), null for the platform's own
 */
public record RefundCall(
        String reference,
        String providerPaymentId,
        long amountMinor,
        String currency,
        long paymentAmountMinor,
        String orderId,
        String reason,
        String connectedAccount) {

    /** Whether it gives back a payment taken twice ({@code double_payment}). */
    public boolean ofDuplicate() {
        return "double_payment".equals(reason);
    }

    /** Why, in the words a provider's dashboard shows: {@code duplicate payment} or {@code refund}. */
    public String why() {
        return ofDuplicate() ? "duplicate payment" : "refund";
    }
}
