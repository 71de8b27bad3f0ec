package dev.payhook.payment;

/** A payment as its order's settlement weighs it. */
public record OrderPayment(
        long id,
        String provider,
        String providerPaymentId,
        PaymentStatus status,
        Long amountMinor,
        String currency,
        String sku) {

    /** provider:provider payment id, what reviews and refund requests name it by. */
    public String key() {
        return provider + ":" + providerPaymentId;
    }
}
