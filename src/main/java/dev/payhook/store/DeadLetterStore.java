package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.WireName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
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

    /**
     * A dead letter for a recorded receipt, naming its event (and the provider's type for it) as far
     * as the evidence step learnt them.
     */
    public void add(UUID id, UUID receiptId, DeadLetterReason reason, String eventType, String detail) {
        jdbc.update("""
                INSERT INTO dead_letters (id, receipt_id, provider, event_id, event_type, reason, detail)
                SELECT ?, id, provider, event_id, ?, ?, ? FROM receipts WHERE id = ?""", id, Storable.text(eventType, 255), reason.wireName(), Storable.text(detail, 1000), receiptId);
    }

    public int count(Status status) {
        Integer n = jdbc.queryForObject(
                "SELECT count(*) FROM dead_letters WHERE status = ?", Integer.class, status.wireName());
        return n == null ? 0 : n;
    }

    private static final String COLUMNS = """
            SELECT d.id, d.provider, d.event_id, d.event_type, d.reason, d.detail, d.status, d.receipt_id,
                   r.received_at, d.created_at, d.closed_at, d.closed_by
            """;
    private static final String FROM = "FROM dead_letters d JOIN receipts r ON r.id = d.receipt_id\n";

    /**
     * A page of those {@code filter} names, oldest first: the first {@code limit} after the dead
     * letter {@code after} (null: from the start), so a list is read to its end page by page.
     */
    public List<DeadLetterView> list(DeadLetterFilter filter, UUID after, int limit) {
        List<Object> args = new ArrayList<>(filter.arguments());
        args.add(after);
        args.add(after);
        args.add(limit);
        return jdbc.query(COLUMNS + FROM + DeadLetterFilter.WHERE + """
                  AND (CAST(? AS uuid) IS NULL
                       OR (d.created_at, d.id) > (SELECT created_at, id FROM dead_letters WHERE id = ?))
                ORDER BY d.created_at, d.id LIMIT ?""", (rs, i) -> row(rs), args.toArray());
    }

    /** How many {@code filter} names, by reason, the most frequent first. */
    public Map<String, Integer> countByReason(DeadLetterFilter filter) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        jdbc.query(
                "SELECT d.reason, count(*) " + FROM + DeadLetterFilter.WHERE
                        + "GROUP BY d.reason ORDER BY count(*) DESC, d.reason",
                (RowCallbackHandler) rs -> counts.put(rs.getString(1), rs.getInt(2)),
                filter.arguments().toArray());
        return counts;
    }

    /** The ids of every dead letter {@code filter} names, oldest first. */
    public List<UUID> ids(DeadLetterFilter filter) {
        return jdbc.queryForList(
                "SELECT d.id " + FROM + DeadLetterFilter.WHERE + "ORDER BY d.created_at, d.id",
                UUID.class,
                filter.arguments().toArray());
    }

    /**
     * Each dead letter {@code filter} names with its receipt's raw body and headers (null once the
     * retention dropped them), oldest first, one at a time: an export never holds them all.
     */
    public void export(DeadLetterFilter filter, Consumer<Exported> each) {
        JdbcTemplate streaming = new JdbcTemplate(jdbc.getDataSource());
        streaming.setFetchSize(100);
        streaming.query(
                COLUMNS + ", r.body, r.headers::text AS headers " + FROM + DeadLetterFilter.WHERE
                        + "ORDER BY d.created_at, d.id",
                (RowCallbackHandler)
                        rs -> each.accept(new Exported(row(rs), rs.getString("headers"), rs.getBytes("body"))),
                filter.arguments().toArray());
    }

    /** The dead letter as {@link #list} shows it, while it is still open. */
    public Optional<DeadLetterView> open(UUID id) {
        return jdbc
                .query(
                        COLUMNS + FROM + "WHERE d.id = ? AND d.status = ?",
                        (rs, i) -> row(rs),
                        id,
                        Status.OPEN.wireName())
                .stream()
                .findFirst();
    }

    /** A dead letter as {@code GET /ops/dead-letters} lists it and the console shows it. */
    public record DeadLetterView(
            UUID id,
            String provider,
            @JsonProperty("event_id") String eventId,
            @JsonProperty("event_type") String eventType,
            DeadLetterReason reason,
            String detail,
            Status status,
            @JsonProperty("receipt_id") UUID receiptId,
            @JsonProperty("received_at") Instant receivedAt,
            @JsonProperty("created_at") Instant createdAt,
            @JsonProperty("closed_at") Instant closedAt,
            @JsonProperty("closed_by") String closedBy) {}

    /** A dead letter with its receipt's kept headers (JSON) and raw body, null once the retention dropped them. */
    public record Exported(DeadLetterView row, String headers, byte[] body) {}

    private static DeadLetterView row(ResultSet rs) throws SQLException {
        return new DeadLetterView(
                rs.getObject("id", UUID.class),
                rs.getString("provider"),
                rs.getString("event_id"),
                rs.getString("event_type"),
                WireName.parse(DeadLetterReason.class, rs.getString("reason")),
                rs.getString("detail"),
                WireName.parse(Status.class, rs.getString("status")),
                rs.getObject("receipt_id", UUID.class),
                Times.instant(rs, "received_at"),
                Times.instant(rs, "created_at"),
                Times.instant(rs, "closed_at"),
                rs.getString("closed_by"));
    }

    /** The dead letter, locked until the end of the transaction. */
    public Optional<DeadLetter> lock(UUID id) {
        return lock(List.of(id)).stream().findFirst();
    }

    /** Those of {@code ids} that exist, locked until the end of the transaction. */
    public List<DeadLetter> lock(List<UUID> ids) {
        return jdbc.query(
                """
                SELECT id, receipt_id, provider, event_id, reason, status FROM dead_letters
                WHERE id = ANY(?) ORDER BY id FOR UPDATE""",
                ps -> ps.setArray(1, ps.getConnection().createArrayOf("uuid", ids.toArray())),
                DeadLetterStore::deadLetter);
    }

    private static DeadLetter deadLetter(ResultSet rs, int row) throws SQLException {
        return new DeadLetter(
                rs.getObject(1, UUID.class),
                rs.getObject(2, UUID.class),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                WireName.parse(Status.class, rs.getString(6)));
    }

    /** Closes the open ones of {@code ids} as {@code replayed} or {@code discarded}. */
    public void close(List<UUID> ids, Status status, String actor) {
        jdbc.update("""
                UPDATE dead_letters SET status = ?, closed_at = now(), closed_by = ?
                WHERE id = ANY(?) AND status = 'open'""", ps -> {
            ps.setString(1, status.wireName());
            ps.setString(2, actor);
            ps.setArray(3, ps.getConnection().createArrayOf("uuid", ids.toArray()));
        });
    }
}
