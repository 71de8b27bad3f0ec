package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.broker.MessageKeys;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What flowed through lately, as {@code bin/payhook listen} shows it: provider events once
 * processed, and the messages the gateway published from its outbox. Read by the indexes the
 * tables have (receipts by time, the outbox by id), so asking every second costs little.
 */
@Component
public class FlowStore {

    /** One provider event and what processing did with it, by its receipt; a dead-lettered delivery has no event type. */
    public record Received(
            @JsonProperty("receipt_id") String receiptId,
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

    /**
     * What the console's Flow page looks for; a null field is no filter. {@code eventType} is the
     * provider's own type (payment_intent.succeeded); times bound when the event was received, or
     * the message written.
     */
    public record Search(String provider, String eventId, String eventType, String orderId, Instant from, Instant to) {

        public static final Search ALL = new Search(null, null, null, null, null, null);

        /** Whether it names anything a message of payhook.events about an order cannot carry. */
        public boolean providerOnly() {
            return provider != null || eventId != null || eventType != null;
        }
    }

    private final JdbcTemplate jdbc;
    private final NamedParameterJdbcTemplate named;

    public FlowStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.named = new NamedParameterJdbcTemplate(jdbc);
    }

    /**
     * The newest provider events received that {@code search} takes, newest first, each event of a
     * receipt a row: applied, ignored by its table, duplicates and dead letters alike.
     */
    public List<Received> receipts(Search search, int limit) {
        return named.query(RECEIVED + """
                WHERE r.run_id IS NULL
                  AND (CAST(:provider AS text) IS NULL OR r.provider = :provider)
                  AND (CAST(:eventId AS text) IS NULL OR coalesce(e.event_id, r.event_id) = :eventId)
                  AND (CAST(:eventType AS text) IS NULL OR e.type = :eventType)
                  AND (CAST(:orderId AS text) IS NULL OR r.order_id = :orderId)
                  AND (CAST(:from AS timestamptz) IS NULL OR r.received_at >= :from)
                  AND (CAST(:to AS timestamptz) IS NULL OR r.received_at <= :to)
                ORDER BY r.received_at DESC LIMIT :limit""", parameters(search, limit), FlowStore::received);
    }

    /** A search's fields, each by its name, null where it sets none. */
    private static MapSqlParameterSource parameters(Search search, int limit) {
        return new MapSqlParameterSource()
                .addValue("provider", search.provider())
                .addValue("eventId", search.eventId())
                .addValue("eventType", search.eventType())
                .addValue("orderId", search.orderId())
                .addValue("from", timestamp(search.from()))
                .addValue("to", timestamp(search.to()))
                .addValue("limit", limit);
    }

    /** The outbox messages with these keys, by key. */
    public Map<String, Published> byKeys(Collection<String> keys) {
        Map<String, Published> found = new HashMap<>();
        if (!keys.isEmpty()) {
            jdbc.query(
                    "SELECT " + PUBLISHED + " FROM outbox WHERE dedupe_key = ANY (?)",
                    rs -> {
                        Published p = published(rs, 0);
                        found.put(p.key(), p);
                    },
                    (Object) keys.toArray(String[]::new));
        }
        return found;
    }

    private static Timestamp timestamp(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }

    /** Deliveries received after {@code since} and processed, one row per event, oldest first. */
    public List<Received> received(Instant since, int limit) {
        return jdbc.query(
                RECEIVED + " WHERE r.received_at > ? AND r.outcome <> 'received' ORDER BY r.received_at LIMIT ?",
                FlowStore::received,
                Timestamp.from(since),
                limit);
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
     * The newest messages of {@code destination} about orders (not a provider's event), newest
     * first, of the order (read from the message) and written within the times {@code search} names.
     */
    public List<Published> recent(String destination, Search search, int limit) {
        return named.query(
                "SELECT " + PUBLISHED + " FROM outbox WHERE destination = :destination"
                        + (search.orderId() == null ? "" : " AND " + ORDER_ID + " = :orderId")
                        + " AND (CAST(:from AS timestamptz) IS NULL OR created_at >= :from)"
                        + " AND (CAST(:to AS timestamptz) IS NULL OR created_at <= :to)"
                        + " AND dedupe_key NOT LIKE '" + MessageKeys.READING + "%' AND dedupe_key NOT LIKE '"
                        + MessageKeys.BRANCH + "%'"
                        + " ORDER BY id DESC LIMIT :limit",
                parameters(search, limit).addValue("destination", destination),
                FlowStore::published);
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

    /** Each event of a receipt, a row; a receipt whose delivery named no event, one. */
    private static final String RECEIVED = """
            SELECT r.id, r.received_at, r.provider, e.type, coalesce(e.event_id, r.event_id) AS event_id, r.order_id,
                   coalesce(e.outcome, r.outcome) AS outcome, coalesce(e.reason, r.reason) AS reason
            FROM receipts r LEFT JOIN receipt_events e ON e.receipt_id = r.id
            """;

    private static Received received(ResultSet rs, int n) throws SQLException {
        return new Received(
                rs.getString("id"),
                rs.getTimestamp("received_at").toInstant(),
                rs.getString("provider"),
                rs.getString("type"),
                rs.getString("event_id"),
                rs.getString("order_id"),
                rs.getString("outcome"),
                rs.getString("reason"));
    }
}
