package dev.payhook.store;

import dev.payhook.store.DeadLetterStore.Status;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * Which dead letters ops mean: each field narrows, null leaves it open; received between
 * {@code receivedFrom} (inclusive) and {@code receivedTo} (exclusive) by the receipt's time.
 */
public record DeadLetterFilter(
        Status status, String reason, String provider, String eventType, Instant receivedFrom, Instant receivedTo) {

    /** The open ones among those {@code this} names: what a bulk replay or discard acts on. */
    public DeadLetterFilter open() {
        return new DeadLetterFilter(Status.OPEN, reason, provider, eventType, receivedFrom, receivedTo);
    }

    /** Over {@code d} joined to its receipt {@code r}; one fixed statement whatever is set. */
    static final String WHERE = """
            WHERE (CAST(? AS text) IS NULL OR d.status = ?)
              AND (CAST(? AS text) IS NULL OR d.reason = ?)
              AND (CAST(? AS text) IS NULL OR d.provider = ?)
              AND (CAST(? AS text) IS NULL OR d.event_type = ?)
              AND (CAST(? AS timestamptz) IS NULL OR r.received_at >= ?)
              AND (CAST(? AS timestamptz) IS NULL OR r.received_at < ?)
            """;

    /** The arguments of {@link #WHERE}, in its order. */
    List<Object> arguments() {
        String s = status == null ? null : status.wireName();
        Timestamp from = receivedFrom == null ? null : Timestamp.from(receivedFrom);
        Timestamp to = receivedTo == null ? null : Timestamp.from(receivedTo);
        return Arrays.asList(s, s, reason, reason, provider, provider, eventType, eventType, from, from, to, to);
    }
}
