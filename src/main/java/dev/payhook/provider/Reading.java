package dev.payhook.provider;

import java.util.List;
import java.util.function.Supplier;

/**
 * What a format read from one notification: the event id as far as it could tell (for the
 * evidence), and either the events or why they cannot be read.
 */
public record Reading(String eventId, List<NormalizedEvent> events, UnparseablePayload failure) {

    /** The events of {@code eventId} as {@code mapping} gives them, or its failure. */
    public static Reading of(String eventId, Supplier<List<NormalizedEvent>> mapping) {
        try {
            List<NormalizedEvent> events = mapping.get();
            if (events.isEmpty()) {
                return failed(eventId, new UnparseablePayload("no event in the message"));
            }
            return new Reading(eventId, List.copyOf(events), null);
        } catch (UnparseablePayload e) {
            return failed(eventId, e);
        }
    }

    public static Reading failed(String eventId, UnparseablePayload failure) {
        return new Reading(eventId, List.of(), failure);
    }

    /** The order the notification names, as far as known. */
    public String orderId() {
        return events.isEmpty() ? null : events.get(0).orderId();
    }

    /** The events; throws the failure of a notification that could not be read. */
    public List<NormalizedEvent> requireEvents() {
        if (failure != null) {
            throw failure;
        }
        return events;
    }
}
