package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What flowed through lately, as {@code bin/payhook listen} shows it: provider events once
 * processed, and the messages the gateway published from its outbox. Read by the indexes the
 * tables have (receipts by time, the outbox by id), so asking every second costs little.
 */
@Component
public class FlowStore {

    /** One provider event and what processing did with it; a dead-lettered delivery has no event type. */
    public record Received(
            Instant at,
            String provider,
            String type,
            @JsonProperty("event_id") String eventId,
            @JsonProperty("order_id") String orderId,
            String outcome,
            String reason) {}

    /**
     * One message of the outbox: its type, its key, the order's version it carries, whether it went
     * out and when (the broker put it on the queues there were then).
     */
    public record Published(
            long id,
            Instant at,
            String destination,
            String type,
            String key,
            String orderId,
            Long version,
            boolean sent,
            Instant sentAt) {}

    private final JdbcTemplate jdbc;

    public FlowStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Deliveries received after {@code since} and processed, one row per event, oldest first. */
    public List<Received> received(Instant since, int limit) {
        return jdbc.query("""
                SELECT r.received_at, r.provider, e.type, coalesce(e.event_id, r.event_id) AS event_id, r.order_id,
                       coalesce(e.outcome, r.outcome) AS outcome, coalesce(e.reason, r.reason) AS reason
                FROM receipts r LEFT JOIN receipt_events e ON e.receipt_id = r.id
                WHERE r.received_at > ? AND r.outcome <> 'received'
                ORDER BY r.received_at LIMIT ?""", FlowStore::received, java.sql.Timestamp.from(since), limit);
    }

    /** Outbox messages after id {@code afterId}, oldest first. */
    public List<Published> published(long afterId, int limit) {
        return jdbc.query(
                "SELECT " + PUBLISHED + " FROM outbox WHERE id > ? ORDER BY id LIMIT ?",
                FlowStore::published,
                afterId,
                limit);
    }

    /**
     * The newest messages of {@code destination}, newest first; of one order when {@code orderId}
     * is not null (read from the message, as order events and provider events each carry it).
     */
    public List<Published> recent(String destination, String orderId, int limit) {
        return jdbc.query(
                "SELECT " + PUBLISHED + " FROM outbox WHERE destination = ?"
                        + (orderId == null ? " AND ?::text IS NULL" : " AND " + ORDER_ID + " = ?")
                        + " ORDER BY id DESC LIMIT ?",
                FlowStore::published,
                destination,
                orderId,
                limit);
    }

    /**
     * A message's order: in data, or in data's reading for a branch's; a provider event or branch
     * message written before they had the envelope holds it at the top or in its reading.
     */
    private static final String ORDER_ID =
            "coalesce(payload->'data'->>'order_id', payload->'data'->'reading'->>'order_id',"
                    + " payload->>'order_id', payload->'reading'->>'order_id')";

    private static final String PUBLISHED = "id, created_at, destination, kind, dedupe_key, " + ORDER_ID
            + " AS order_id, (payload->'data'->>'version')::bigint AS version, published_at IS NOT NULL AS sent,"
            + " published_at";

    private static Published published(ResultSet rs, int n) throws SQLException {
        return new Published(
                rs.getLong("id"),
                rs.getTimestamp("created_at").toInstant(),
                rs.getString("destination"),
                rs.getString("kind"),
                rs.getString("dedupe_key"),
                rs.getString("order_id"),
                rs.getObject("version", Long.class),
                rs.getBoolean("sent"),
                Optional.ofNullable(rs.getTimestamp("published_at"))
                        .map(java.sql.Timestamp::toInstant)
                        .orElse(null));
    }

    /**
     * The id of the last outbox message written before {@code at}, to start a tail from: looked for
     * among the newest 10,000 by id, so the answer stays cheap on a table of any size.
     */
    public long lastIdBefore(Instant at) {
        Long id = jdbc.queryForObject("""
                SELECT coalesce(max(id) FILTER (WHERE created_at < ?), min(id) - 1, 0) FROM outbox
                WHERE id >= (SELECT coalesce(max(id), 0) - 10000 FROM outbox)""", Long.class, java.sql.Timestamp.from(at));
        return id == null ? 0 : id;
    }

    private static Received received(ResultSet rs, int n) throws SQLException {
        return new Received(
                rs.getTimestamp("received_at").toInstant(),
                rs.getString("provider"),
                rs.getString("type"),
                rs.getString("event_id"),
                rs.getString("order_id"),
                rs.getString("outcome"),
                rs.getString("reason"));
    }
}
