package dev.payhook.payment;

/** A payment as its order's settlement weighs it; {@code ofSubscription}: a payment of the order's subscription. */
public record OrderPayment(
        long id,
        String provider,
        String providerPaymentId,
        PaymentStatus status,
        Long amountMinor,
        String currency,
        String sku,
        boolean ofSubscription) {

    /** provider:provider payment id, what reviews and refund requests name it by. */
    public String key() {
        return provider + ":" + providerPaymentId;
    }
}
