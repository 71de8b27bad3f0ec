package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.ReviewKind;
import dev.payhook.store.ReviewStore;
import java.time.Instant;

/** A review as {@code GET /ops/reviews} lists it and resolving one answers it. */
public record ReviewView(
        long id,
        ReviewKind kind,
        ReviewStore.Status status,
        @JsonProperty("order_id") String orderId,
        String provider,
        @JsonProperty("provider_payment_id") String providerPaymentId,
        String subject,
        String detail,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("resolved_at") Instant resolvedAt,
        @JsonProperty("resolved_by") String resolvedBy,
        String note) {

    static ReviewView of(ReviewStore.Row r) {
        return new ReviewView(
                r.id(),
                r.kind(),
                r.status(),
                r.orderId(),
                r.provider(),
                r.providerPaymentId(),
                r.subject(),
                r.detail(),
                r.createdAt(),
                r.resolvedAt(),
                r.resolvedBy(),
                r.note());
    }
}
