package dev.payhook.provider;

import java.time.Instant;
import java.util.List;

/** A provider's list of its own events, read from a stored position or from a time. */
public interface EventFeed {

    /** The events and the position after them: the cursor to store for the next read. */
    record Page(List<Fact> events, String cursor) {}

    /**
     * Every event after {@code cursor} (null: none stored yet) and not older than {@code since}
     * (null: no bound), in as many calls as the provider pages them.
     */
    Page read(String cursor, Instant since);
}
