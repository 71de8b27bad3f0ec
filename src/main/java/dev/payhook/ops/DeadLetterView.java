package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.store.DeadLetterStore;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** A dead letter as {@code GET /ops/dead-letters} lists it. */
public record DeadLetterView(
        UUID id,
        String provider,
        @JsonProperty("event_id") String eventId,
        @JsonProperty("event_type") String eventType,
        DeadLetterReason reason,
        String detail,
        DeadLetterStore.Status status,
        @JsonProperty("receipt_id") UUID receiptId,
        @JsonProperty("received_at") Instant receivedAt,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("closed_at") Instant closedAt,
        @JsonProperty("closed_by") String closedBy) {

    static DeadLetterView of(DeadLetterStore.Row r) {
        return new DeadLetterView(
                r.id(),
                r.provider(),
                r.eventId(),
                r.eventType(),
                r.reason(),
                r.detail(),
                r.status(),
                r.receiptId(),
                r.receivedAt(),
                r.createdAt(),
                r.closedAt(),
                r.closedBy());
    }

    /** How many dead letters a filter names, in all and by reason, the most frequent first. */
    public record DeadLetterCounts(
            int total, @JsonProperty("by_reason") Map<String, Integer> byReason) {}

    /** A dead letter replayed or discarded. */
    public record DeadLetterClosed(UUID id, DeadLetterStore.Status status) {}

    /** A bulk replay or discard: its id in ops_actions and how many dead letters it took. */
    public record DeadLetterBatch(@JsonProperty("batch_id") UUID batchId, int count) {}
}
