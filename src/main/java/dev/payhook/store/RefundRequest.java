package dev.payhook.store;

import dev.payhook.payment.RefundStatus;
import java.util.UUID;

/**
 * A refund request as stored: what is to be given back, from which payment (and what that payment
 * captured), and where it stands.
 */
public record RefundRequest(
        UUID id,
        String provider,
        long paymentId,
        String providerPaymentId,
        String orderId,
        Long reviewId,
        long amountMinor,
        String currency,
        long paymentAmountMinor,
        String reason,
        RefundStatus status,
        String providerRefundId,
        int attempts,
        String connectedAccount) {

    /** The provider's idempotency key for every call about this request. */
    public String reference() {
        return "payhook-" + id;
    }
}
