package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.RefundStatus;
import dev.payhook.store.RefundRequestReads;
import java.time.Instant;
import java.util.UUID;

/**
 * A refund request as {@code GET /ops/refunds} lists it and asking for one answers it; the
 * provider sees {@code payhook-<id>} as its reference.
 */
public record RefundView(
        UUID id,
        String provider,
        @JsonProperty("provider_payment_id") String providerPaymentId,
        @JsonProperty("order_id") String orderId,
        @JsonProperty("review_id") Long reviewId,
        @JsonProperty("amount_minor") long amountMinor,
        String currency,
        String reason,
        String note,
        RefundStatus status,
        @JsonProperty("provider_refund_id") String providerRefundId,
        int attempts,
        String error,
        @JsonProperty("requested_by") String requestedBy,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("updated_at") Instant updatedAt) {

    static RefundView of(RefundRequestReads.Shown r) {
        return new RefundView(
                r.id(),
                r.provider(),
                r.providerPaymentId(),
                r.orderId(),
                r.reviewId(),
                r.amountMinor(),
                r.currency(),
                r.reason(),
                r.note(),
                r.status(),
                r.providerRefundId(),
                r.attempts(),
                r.error(),
                r.requestedBy(),
                r.createdAt(),
                r.updatedAt());
    }
}
