package dev.payhook.store;

import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Messages ops must look at: authentic, kept, not applied. */
@Repository
public class DeadLetterStore {

    private final JdbcTemplate jdbc;

    public DeadLetterStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void add(UUID id, UUID receiptId, String provider, String eventId, String reason, String detail) {
        jdbc.update("""
                INSERT INTO dead_letters (id, receipt_id, provider, event_id, reason, detail) VALUES (?, ?, ?, ?, ?, ?)""",
                id, receiptId, provider, eventId, reason, detail);
    }
}
