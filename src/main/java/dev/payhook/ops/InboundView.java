package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.processing.InboundQueue;
import java.time.Instant;

/** A message waiting on payhook.inbound, as {@code GET /ops/inbound} lists it. */
public record InboundView(
        @JsonProperty("receipt_id") String receiptId,
        String provider,
        @JsonProperty("event_id") String eventId,
        @JsonProperty("received_at") Instant receivedAt,
        @JsonProperty("delivery_count") int deliveryCount) {

    static InboundView of(InboundQueue.Waiting w) {
        return new InboundView(w.receiptId(), w.provider(), w.eventId(), w.receivedAt(), w.deliveryCount());
    }
}
