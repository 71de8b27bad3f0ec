package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.payment.WireName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The evidence log as ops read it. Its rows are the answers' shapes: the JSON names are the
 * columns', as the ops API has always written them.
 */
@Component
public class ReceiptReads {

    static final String COLUMNS =
            "id, provider, event_id, order_id, received_at, source_ip, outcome, reason, source, run_id";

    private final JdbcTemplate jdbc;

    public ReceiptReads(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A receipt as ops find it: what came, when and from where, and what became of it. */
    public record Receipt(
            UUID id,
            String provider,
            @JsonProperty("event_id") String eventId,
            @JsonProperty("order_id") String orderId,
            @JsonProperty("received_at") Instant receivedAt,
            @JsonProperty("source_ip") String sourceIp,
            ReceiptOutcome outcome,
            String reason,
            String source,
            @JsonProperty("run_id") UUID runId) {}

    /**
     * One receipt whole: its headers as JSON text, its body's digest (the kept one once the body
     * is dropped), and a thin notification's object as the provider's API answered it.
     */
    public record Whole(
            Receipt found,
            String traceId,
            String fact,
            String headers,
            byte[] body,
            String bodySha256,
            Instant bodyDroppedAt,
            String fetchedKind,
            byte[] fetchedBody,
            Instant fetchedAt) {}

    /** What one event of a receipt came to. */
    public record ReceiptEvent(
            @JsonProperty("event_id") String eventId,
            ReceiptOutcome outcome,
            String reason,
            @JsonProperty("updated_at") Instant updatedAt) {}

    public List<Receipt> search(String provider, String eventId, String orderId, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM receipts WHERE true");
        List<Object> args = new ArrayList<>();
        if (provider != null) {
            sql.append(" AND provider = ?");
            args.add(provider);
        }
        if (eventId != null) {
            // two index lookups: "event_id = ? OR id IN (...)" would scan every receipt
            sql.append(" AND id IN (SELECT id FROM receipts WHERE event_id = ?"
                    + " UNION ALL SELECT receipt_id FROM receipt_events WHERE event_id = ?)");
            args.add(eventId);
            args.add(eventId);
        }
        if (orderId != null) {
            sql.append(" AND order_id = ?");
            args.add(orderId);
        }
        sql.append(" ORDER BY received_at DESC LIMIT ?");
        args.add(limit);
        return jdbc.query(sql.toString(), (rs, i) -> receipt(rs), args.toArray());
    }

    public Optional<Whole> find(UUID id) {
        return jdbc
                .query(
                        "SELECT " + COLUMNS + """
                                , trace_id, fact, headers::text AS headers, body,
                                encode(coalesce(body_sha256, sha256(body)), 'hex') AS body_sha256,
                                body_dropped_at, fetched_kind, fetched_body, fetched_at
                                FROM receipts WHERE id = ?""",
                        (rs, i) -> new Whole(
                                receipt(rs),
                                rs.getString("trace_id"),
                                rs.getString("fact"),
                                rs.getString("headers"),
                                rs.getBytes("body"),
                                rs.getString("body_sha256"),
                                Times.instant(rs, "body_dropped_at"),
                                rs.getString("fetched_kind"),
                                rs.getBytes("fetched_body"),
                                Times.instant(rs, "fetched_at")),
                        id)
                .stream()
                .findFirst();
    }

    public List<ReceiptEvent> events(UUID receiptId) {
        return jdbc.query(
                """
                SELECT event_id, outcome, reason, updated_at FROM receipt_events WHERE receipt_id = ?
                ORDER BY updated_at, event_id""",
                (rs, i) -> new ReceiptEvent(
                        rs.getString("event_id"),
                        WireName.parse(ReceiptOutcome.class, rs.getString("outcome")),
                        rs.getString("reason"),
                        Times.instant(rs, "updated_at")),
                receiptId);
    }

    static Receipt receipt(ResultSet rs) throws SQLException {
        return new Receipt(
                rs.getObject("id", UUID.class),
                rs.getString("provider"),
                rs.getString("event_id"),
                rs.getString("order_id"),
                Times.instant(rs, "received_at"),
                rs.getString("source_ip"),
                WireName.parse(ReceiptOutcome.class, rs.getString("outcome")),
                rs.getString("reason"),
                rs.getString("source"),
                rs.getObject("run_id", UUID.class));
    }
}
