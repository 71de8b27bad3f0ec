package dev.payhook.store;

import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Messages ops must look at: authentic, kept, not applied. */
@Component
public class DeadLetterStore {

    private final JdbcTemplate jdbc;

    public DeadLetterStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A dead letter for a recorded receipt, naming its event as far as the evidence step learnt it. */
    public void add(UUID id, UUID receiptId, String reason, String detail) {
        jdbc.update("""
                INSERT INTO dead_letters (id, receipt_id, provider, event_id, reason, detail)
                SELECT ?, id, provider, event_id, ?, ? FROM receipts WHERE id = ?""",
                id, reason, detail, receiptId);
    }
}
