package dev.payhook.store;

import dev.payhook.broker.Envelope;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.payment.WireName;
import dev.payhook.provider.Fact;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The evidence log: one row per provider delivery, with the raw bytes. */
@Component
public class ReceiptStore {

    private static final String SET_OUTCOME = """
            UPDATE receipts SET outcome = ?, reason = ?, order_id = COALESCE(?, order_id), updated_at = now()
            WHERE id = ?""";

    /** Identifiers are validated before processing applies them; as evidence they are kept this long. */
    private static final int ID = 255;

    private static final int REASON = 1000;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<Map<String, String>> HEADERS = new TypeReference<>() {};

    private final JdbcTemplate jdbc;

    public ReceiptStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Keyed by the receipt id the ingress gave it, so a broker redelivery does not add a row. The
     * body is kept byte for byte; the text beside it is made {@link Storable}, so whatever a
     * delivery carries, its receipt can be written.
     */
    public void insert(Envelope e, String eventId, String orderId) {
        insert(e, eventId, orderId, null);
    }

    /** {@link #insert} of a thin notification, with the object its provider's API answered for it (null: none). */
    public void insert(Envelope e, String eventId, String orderId, Fact fetched) {
        Map<String, String> headers = new TreeMap<>();
        e.headers().forEach((name, value) -> headers.put(Storable.text(name, 200), Storable.text(value, 8192)));
        jdbc.update(
                """
                INSERT INTO receipts (id, provider, event_id, order_id, received_at, source_ip, headers, body, trace_id,
                                      source, run_id, fact, fetched_kind, fetched_body, fetched_at)
                VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() END)
                ON CONFLICT (id) DO NOTHING""",
                e.receiptId(),
                e.provider(),
                Storable.text(eventId, ID),
                Storable.text(orderId, ID),
                Timestamp.from(e.receivedAt()),
                Storable.text(e.sourceIp(), 100),
                JSON.writeValueAsString(headers),
                e.body(),
                Storable.text(e.traceparent(), ID),
                source(e),
                e.runId(),
                e.fact(),
                fetched == null ? null : fetched.kind(),
                fetched == null ? null : fetched.body(),
                fetched != null);
    }

    /** Where the bytes came from: {@code webhook}, {@code reconciler}, or a payer's browser {@code return}. */
    private static String source(Envelope e) {
        return !e.pulled() ? "webhook" : Fact.RETURN.equals(e.fact()) ? "return" : "reconciler";
    }

    /** What processing did with the delivery, and the order it concerns once known. */
    public void outcome(UUID receiptId, ReceiptOutcome outcome, String reason, String orderId) {
        jdbc.update(SET_OUTCOME, outcome.wireName(), Storable.text(reason, REASON), orderId, receiptId);
    }

    /**
     * What processing did with one event of the delivery; the delivery's own outcome is that of
     * its last event. A "duplicate" never overwrites what this same delivery recorded for the
     * event: the broker redelivers a message whose transaction committed when its acknowledgement
     * was lost (a crash between the two), and the evidence must keep saying that this delivery
     * applied it. (A dead-lettered event left no row here: its transaction rolled back.)
     */
    public void eventOutcome(
            UUID receiptId, String eventId, String type, ReceiptOutcome outcome, String reason, String orderId) {
        jdbc.update(
                """
                WITH event AS (
                    INSERT INTO receipt_events (receipt_id, event_id, type, outcome, reason) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (receipt_id, event_id)
                    DO UPDATE SET outcome = EXCLUDED.outcome, reason = EXCLUDED.reason, updated_at = now()
                    WHERE EXCLUDED.outcome <> 'duplicate'
                    RETURNING 1)
                """ + SET_OUTCOME + " AND EXISTS (SELECT 1 FROM event)",
                receiptId,
                eventId,
                Storable.text(type, ID),
                outcome.wireName(),
                Storable.text(reason, REASON),
                outcome.wireName(),
                Storable.text(reason, REASON),
                orderId,
                receiptId);
    }

    /** The delivery's own outcome, its order, and the outcome of each of its events. */
    public record Settled(
            String eventId, ReceiptOutcome outcome, String reason, String orderId, List<ReceiptOutcome> events) {}

    public Optional<Settled> settled(UUID receiptId) {
        List<ReceiptOutcome> events = jdbc
                .queryForList("SELECT outcome FROM receipt_events WHERE receipt_id = ?", String.class, receiptId)
                .stream()
                .map(o -> WireName.parse(ReceiptOutcome.class, o))
                .toList();
        return jdbc
                .query(
                        "SELECT event_id, outcome, reason, order_id FROM receipts WHERE id = ?",
                        (rs, i) -> new Settled(
                                rs.getString(1),
                                WireName.parse(ReceiptOutcome.class, rs.getString(2)),
                                rs.getString(3),
                                rs.getString(4),
                                events),
                        receiptId)
                .stream()
                .findFirst();
    }

    /** The delivery as the ingress put it on the broker, for a replay. */
    public Optional<Envelope> envelope(UUID id) {
        return jdbc
                .query(
                        """
                        SELECT provider, received_at, source_ip, headers::text, trace_id, body, fact, run_id
                        FROM receipts WHERE id = ?""",
                        (rs, i) -> new Envelope(
                                id,
                                rs.getString(1),
                                rs.getTimestamp(2).toInstant(),
                                rs.getString(3),
                                JSON.readValue(rs.getString(4), HEADERS),
                                rs.getString(5),
                                rs.getBytes(6),
                                rs.getString(7),
                                rs.getObject(8, UUID.class)),
                        id)
                .stream()
                .findFirst();
    }

    /**
     * Drops the raw bodies of up to {@code batch} receipts received before {@code cutoff}, keeping
     * each one's SHA-256; never one of an open dead letter or of an order with an open review.
     * Rows another instance is purging are skipped, not waited for. How many were dropped.
     */
    public int dropBodies(Instant cutoff, int batch) {
        return jdbc.update("""
                WITH due AS (
                    SELECT r.id FROM receipts r
                    WHERE r.received_at < ? AND r.body IS NOT NULL
                      AND NOT EXISTS (SELECT 1 FROM dead_letters d WHERE d.receipt_id = r.id AND d.status = 'open')
                      AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.status = 'open' AND v.order_id = r.order_id)
                    ORDER BY r.received_at LIMIT ? FOR UPDATE SKIP LOCKED)
                UPDATE receipts r SET body_sha256 = sha256(r.body), body = NULL, fetched_body = NULL,
                                      body_dropped_at = now()
                FROM due WHERE r.id = due.id""", Timestamp.from(cutoff), batch);
    }
}
