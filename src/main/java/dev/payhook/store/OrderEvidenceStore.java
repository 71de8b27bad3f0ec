package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.payhook.payment.EventType;
import dev.payhook.payment.WireName;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Everything kept about one order, for its dispute evidence pack: the receipts that concern it (by
 * the order they name, or by a payment or subscription of the order they applied to), what was
 * applied, the entitlement's changes with their causes, reviews, refunds and what ops did.
 */
@Component
public class OrderEvidenceStore {

    /** The ids of the receipts that concern the order ({@code ?} three times: the order id). */
    private static final String RECEIPTS_OF_ORDER = """
            SELECT id FROM receipts WHERE order_id = ?
            UNION SELECT pe.receipt_id FROM payment_events pe JOIN payments p ON p.id = pe.payment_id
                  WHERE p.order_id = ?
            UNION SELECT se.receipt_id FROM subscription_events se JOIN subscriptions s ON s.id = se.subscription_id
                  WHERE s.order_id = ?""";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final JdbcTemplate jdbc;

    public OrderEvidenceStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A receipt of the order: what came, its kept headers, and its body's length and SHA-256. */
    public record EvidenceReceipt(
            @JsonUnwrapped ReceiptReads.Receipt receipt,
            @JsonProperty("trace_id") String traceId,
            JsonNode headers,
            @JsonProperty("body_length") Integer bodyLength,
            @JsonProperty("body_sha256") String bodySha256,
            @JsonProperty("body_dropped_at") Instant bodyDroppedAt) {}

    /** An event applied to one of the order's payments. */
    public record AppliedEvent(
            String provider,
            @JsonProperty("provider_payment_id") String providerPaymentId,
            @JsonProperty("event_id") String eventId,
            EventType type,
            @JsonProperty("occurred_at") Instant occurredAt,
            @JsonProperty("amount_minor") Long amountMinor,
            String currency,
            @JsonProperty("refund_id") String refundId,
            @JsonProperty("receipt_id") UUID receiptId,
            @JsonProperty("recorded_at") Instant recordedAt) {}

    /** A committed change of the order, as its order event said it: the message, whose data holds the cause. */
    public record Change(Instant at, String type, JsonNode message) {}

    /** The receipts, oldest first. */
    public List<EvidenceReceipt> receipts(String orderId) {
        return jdbc.query(
                "SELECT " + ReceiptReads.COLUMNS + """
                        , trace_id, headers::text AS headers, octet_length(body) AS body_length,
                        encode(coalesce(sha256(body), body_sha256), 'hex') AS body_sha256, body_dropped_at
                        FROM receipts WHERE id IN (""" + RECEIPTS_OF_ORDER + ") ORDER BY received_at, id",
                (rs, i) -> new EvidenceReceipt(
                        ReceiptReads.receipt(rs),
                        rs.getString("trace_id"),
                        JSON.readTree(rs.getString("headers")),
                        rs.getObject("body_length", Integer.class),
                        rs.getString("body_sha256"),
                        Times.instant(rs, "body_dropped_at")),
                orderId,
                orderId,
                orderId);
    }

    /** The raw bodies still kept, in {@link #receipts}' order, one row at a time (run it in a transaction to stream). */
    public void bodies(String orderId, RowCallbackHandler each) {
        JdbcTemplate streaming = new JdbcTemplate(jdbc.getDataSource());
        streaming.setFetchSize(16);
        streaming.query(
                "SELECT id, body FROM receipts WHERE body IS NOT NULL AND id IN (" + RECEIPTS_OF_ORDER
                        + ") ORDER BY received_at, id",
                each,
                orderId,
                orderId,
                orderId);
    }

    /** Every event applied to the order's payments, in the order they happened (disputes and refunds included). */
    public List<AppliedEvent> paymentEvents(String orderId) {
        return jdbc.query(
                """
                SELECT p.provider, p.provider_payment_id, pe.event_id, pe.type, pe.occurred_at, pe.amount_minor,
                       pe.currency, pe.refund_id, pe.receipt_id, pe.recorded_at
                FROM payment_events pe JOIN payments p ON p.id = pe.payment_id
                WHERE p.order_id = ? ORDER BY pe.occurred_at, pe.id""",
                (rs, i) -> new AppliedEvent(
                        rs.getString("provider"),
                        rs.getString("provider_payment_id"),
                        rs.getString("event_id"),
                        WireName.parse(EventType.class, rs.getString("type")),
                        Times.instant(rs, "occurred_at"),
                        rs.getObject("amount_minor", Long.class),
                        rs.getString("currency"),
                        rs.getString("refund_id"),
                        rs.getObject("receipt_id", UUID.class),
                        Times.instant(rs, "recorded_at")),
                orderId);
    }

    /**
     * Each committed change of the order's status or entitlement, as its order event said it: the
     * state after the change and its cause (the provider's event, or a job).
     */
    public List<Change> changes(String orderId) {
        return jdbc.query(
                """
                SELECT created_at, kind, payload::text AS payload FROM outbox
                WHERE starts_with(dedupe_key, ?) ORDER BY id""",
                (rs, i) -> new Change(
                        Times.instant(rs, "created_at"), rs.getString("kind"), JSON.readTree(rs.getString("payload"))),
                "order:" + orderId + ":");
    }

    /** What ops did about the order's receipts, reviews and refunds, and its reconciliation requests. */
    public List<OpsActionStore.OpsAction> opsActions(String orderId, List<UUID> receipts, List<String> targets) {
        return jdbc.query(
                """
                SELECT at, actor, action, target, receipt_id, detail, batch_id FROM ops_actions
                WHERE receipt_id = ANY(?) OR target = ANY(?) ORDER BY id""",
                ps -> {
                    ps.setArray(1, ps.getConnection().createArrayOf("uuid", receipts.toArray()));
                    ps.setArray(2, ps.getConnection().createArrayOf("text", targets.toArray()));
                },
                (rs, i) -> OpsActionStore.action(rs));
    }
}
