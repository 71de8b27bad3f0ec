package dev.payhook.store;

import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.WireName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Messages ops must look at: authentic, kept, not applied; open until replayed or discarded. */
@Component
public class DeadLetterStore {

    public record DeadLetter(UUID id, UUID receiptId, String provider, String eventId, String reason, Status status) {}

    /** Open until ops replay or discard it. */
    public enum Status implements WireName {
        OPEN,
        REPLAYED,
        DISCARDED
    }

    private final JdbcTemplate jdbc;

    public DeadLetterStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A dead letter for a recorded receipt, naming its event as far as the evidence step learnt it. */
    public void add(UUID id, UUID receiptId, DeadLetterReason reason, String detail) {
        jdbc.update("""
                INSERT INTO dead_letters (id, receipt_id, provider, event_id, reason, detail)
                SELECT ?, id, provider, event_id, ?, ? FROM receipts WHERE id = ?""", id, reason.wireName(), Storable.text(detail, 1000), receiptId);
    }

    public int count(Status status) {
        Integer n = jdbc.queryForObject(
                "SELECT count(*) FROM dead_letters WHERE status = ?", Integer.class, status.wireName());
        return n == null ? 0 : n;
    }

    private static final String ROW = """
            SELECT d.id, d.provider, d.event_id, d.reason, d.detail, d.status, d.receipt_id, r.received_at,
                   d.created_at, d.closed_at, d.closed_by
            FROM dead_letters d JOIN receipts r ON r.id = d.receipt_id
            """;

    /** {@code status} null: every dead letter. */
    public List<Map<String, Object>> list(Status status, int limit) {
        String name = status == null ? null : status.wireName();
        return jdbc.queryForList(
                ROW + "WHERE CAST(? AS text) IS NULL OR d.status = ? ORDER BY d.created_at LIMIT ?", name, name, limit);
    }

    /** The dead letter as {@link #list} shows it, while it is still open. */
    public Optional<Map<String, Object>> open(UUID id) {
        return jdbc.queryForList(ROW + "WHERE d.id = ? AND d.status = ?", id, Status.OPEN.wireName()).stream()
                .findFirst();
    }

    /** The dead letter, locked until the end of the transaction. */
    public Optional<DeadLetter> lock(UUID id) {
        return jdbc
                .query(
                        """
                SELECT id, receipt_id, provider, event_id, reason, status FROM dead_letters WHERE id = ? FOR UPDATE""",
                        (rs, i) -> new DeadLetter(
                                rs.getObject(1, UUID.class),
                                rs.getObject(2, UUID.class),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                WireName.parse(Status.class, rs.getString(6))),
                        id)
                .stream()
                .findFirst();
    }

    /** Closes an open dead letter as {@code replayed} or {@code discarded}. */
    public void close(UUID id, Status status, String actor) {
        jdbc.update("""
                UPDATE dead_letters SET status = ?, closed_at = now(), closed_by = ? WHERE id = ? AND status = 'open'""", status.wireName(), actor, id);
    }
}
