package dev.payhook.store;

import dev.payhook.broker.Destination;
import dev.payhook.broker.Trace;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The transactional outbox: rows written with the business effects, published after commit. */
@Component
public class OutboxStore {

    public record Pending(
            long id,
            Destination destination,
            String kind,
            String dedupeKey,
            String payload,
            int attempts,
            String traceparent) {}

    private final JdbcTemplate jdbc;
    private final OutboxSignal signal;

    public OutboxStore(JdbcTemplate jdbc, OutboxSignal signal) {
        this.jdbc = jdbc;
        this.signal = signal;
    }

    /**
     * Adds a side effect once (a row whose dedupe key is already there adds nothing), written with
     * the current transaction's other rows just before it commits (at once outside a transaction).
     * The row carries the trace of the delivery this thread works for.
     */
    public void add(Destination destination, String kind, String dedupeKey, String payloadJson) {
        OutboxRows.Row row = new OutboxRows.Row(destination.address(), kind, dedupeKey, payloadJson, trace());
        if (!OutboxRows.add(this, this::insert, signal, row)) {
            insert(List.of(row));
            signal.committed();
        }
    }

    /** {@link #add} written now, for a caller that needs to know whether the row is new: true when added. */
    public boolean addNow(Destination destination, String kind, String dedupeKey, String payloadJson) {
        return 1 == insert(List.of(new OutboxRows.Row(destination.address(), kind, dedupeKey, payloadJson, trace())));
    }

    /**
     * One statement for all the rows, in the order they were added (their ids, the order they are
     * published in); how many were new.
     */
    private int insert(List<OutboxRows.Row> rows) {
        return jdbc.update(
                """
                INSERT INTO outbox (destination, kind, dedupe_key, payload, traceparent)
                SELECT destination, kind, dedupe_key, payload::jsonb, traceparent
                FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                     WITH ORDINALITY AS r(destination, kind, dedupe_key, payload, traceparent, n)
                ORDER BY n
                ON CONFLICT (dedupe_key) DO NOTHING""",
                column(rows, OutboxRows.Row::destination),
                column(rows, OutboxRows.Row::kind),
                column(rows, OutboxRows.Row::dedupeKey),
                column(rows, OutboxRows.Row::payload),
                column(rows, OutboxRows.Row::traceparent));
    }

    private static String[] column(List<OutboxRows.Row> rows, Function<OutboxRows.Row, String> field) {
        return rows.stream().map(field).toArray(String[]::new);
    }

    /** The delivery's trace; a row no delivery caused (an ops action, a scheduled check) starts its own. */
    private static String trace() {
        return Trace.current() != null ? Trace.current() : Trace.newTrace();
    }

    /** Rows due now, locked so that concurrent workers (other instances) take others. */
    public List<Pending> lockDue(int limit) {
        return jdbc.query(
                """
                SELECT id, destination, kind, dedupe_key, payload::text, attempts, traceparent FROM outbox
                WHERE published_at IS NULL AND available_at <= now()
                ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED""",
                (rs, i) -> new Pending(
                        rs.getLong(1),
                        Destination.ofAddress(rs.getString(2)),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getInt(6),
                        rs.getString(7)),
                limit);
    }

    /** The latest rows for {@code destination}, newest first: kind, payload (JSON text), created_at, published_at. */
    /** A row as written: its kind, its payload (JSON text), and when it was written and published. */
    public record Written(String kind, String payload, Instant createdAt, Instant publishedAt) {}

    public List<Written> recent(Destination destination, int limit) {
        return jdbc.query(
                "SELECT kind, payload::text AS payload, created_at, published_at FROM outbox"
                        + " WHERE destination = ? ORDER BY id DESC LIMIT ?",
                (rs, i) -> new Written(
                        rs.getString("kind"),
                        rs.getString("payload"),
                        Times.instant(rs, "created_at"),
                        Times.instant(rs, "published_at")),
                destination.address(),
                limit);
    }

    /** How long the oldest row not yet published has waited, in seconds; 0 when none waits. */
    public double oldestUnpublishedSeconds() {
        Double seconds = jdbc.queryForObject(
                "SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0) FROM outbox WHERE published_at IS NULL",
                Double.class);
        return seconds == null ? 0 : seconds;
    }

    public void published(List<Long> ids) {
        jdbc.update("UPDATE outbox SET published_at = now(), last_error = NULL WHERE id = ANY (?)", (Object)
                ids.toArray(Long[]::new));
    }

    public void retryLater(long id, long delayMillis, String error) {
        jdbc.update("""
                UPDATE outbox SET attempts = attempts + 1, last_error = ?,
                                  available_at = now() + (? * interval '1 millisecond')
                WHERE id = ?""", error, delayMillis, id);
    }
}
