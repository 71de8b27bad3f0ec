package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.EventType;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.payment.RefundStatus;
import dev.payhook.payment.ReviewKind;
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
            UUID id,
            String provider,
            @JsonProperty("event_id") String eventId,
            @JsonProperty("order_id") String orderId,
            @JsonProperty("received_at") Instant receivedAt,
            @JsonProperty("source_ip") String sourceIp,
            @JsonProperty("trace_id") String traceId,
            String source,
            ReceiptOutcome outcome,
            String reason,
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

    /** A refund request of the order's payments, as it stands. */
    public record EvidenceRefund(
            long id,
            String provider,
            @JsonProperty("provider_payment_id") String providerPaymentId,
            @JsonProperty("review_id") Long reviewId,
            @JsonProperty("amount_minor") long amountMinor,
            String currency,
            String reason,
            String note,
            RefundStatus status,
            @JsonProperty("provider_refund_id") String providerRefundId,
            int attempts,
            String error,
            @JsonProperty("requested_by") String requestedBy,
            @JsonProperty("created_at") Instant createdAt,
            @JsonProperty("updated_at") Instant updatedAt) {}

    /** A committed change of the order, as its order event said it: the message, whose data holds the cause. */
    public record Change(Instant at, String type, JsonNode message) {}

    /** A review of the order, open or resolved. */
    public record EvidenceReview(
            long id,
            ReviewKind kind,
            ReviewStore.Status status,
            String detail,
            @JsonProperty("created_at") Instant createdAt,
            @JsonProperty("resolved_at") Instant resolvedAt,
            @JsonProperty("resolved_by") String resolvedBy,
            String note) {}

    /** The receipts, oldest first. */
    public List<EvidenceReceipt> receipts(String orderId) {
        return jdbc.query(
                """
                SELECT id, provider, event_id, order_id, received_at, source_ip, trace_id, source, outcome, reason,
                       headers::text AS headers, octet_length(body) AS body_length,
                       encode(coalesce(sha256(body), body_sha256), 'hex') AS body_sha256, body_dropped_at
                FROM receipts WHERE id IN (""" + RECEIPTS_OF_ORDER + ") ORDER BY received_at, id",
                (rs, i) -> new EvidenceReceipt(
                        rs.getObject("id", UUID.class),
                        rs.getString("provider"),
                        rs.getString("event_id"),
                        rs.getString("order_id"),
                        Times.instant(rs, "received_at"),
                        rs.getString("source_ip"),
                        rs.getString("trace_id"),
                        rs.getString("source"),
                        WireName.parse(ReceiptOutcome.class, rs.getString("outcome")),
                        rs.getString("reason"),
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

    public List<EvidenceRefund> refundRequests(String orderId) {
        return jdbc.query(
                """
                SELECT r.id, r.provider, p.provider_payment_id, r.review_id, r.amount_minor, r.currency, r.reason,
                       r.note, r.status, r.provider_refund_id, r.attempts, r.error, r.requested_by, r.created_at,
                       r.updated_at
                FROM refund_requests r JOIN payments p ON p.id = r.payment_id
                WHERE r.order_id = ? ORDER BY r.created_at""",
                (rs, i) -> new EvidenceRefund(
                        rs.getLong("id"),
                        rs.getString("provider"),
                        rs.getString("provider_payment_id"),
                        rs.getObject("review_id", Long.class),
                        rs.getLong("amount_minor"),
                        rs.getString("currency"),
                        rs.getString("reason"),
                        rs.getString("note"),
                        WireName.parse(RefundStatus.class, rs.getString("status")),
                        rs.getString("provider_refund_id"),
                        rs.getInt("attempts"),
                        rs.getString("error"),
                        rs.getString("requested_by"),
                        Times.instant(rs, "created_at"),
                        Times.instant(rs, "updated_at")),
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

    public List<EvidenceReview> reviews(String orderId) {
        return jdbc.query(
                """
                SELECT id, kind, status, detail, created_at, resolved_at, resolved_by, note
                FROM reviews WHERE order_id = ? ORDER BY id""",
                (rs, i) -> new EvidenceReview(
                        rs.getLong("id"),
                        WireName.parse(ReviewKind.class, rs.getString("kind")),
                        WireName.parse(ReviewStore.Status.class, rs.getString("status")),
                        rs.getString("detail"),
                        Times.instant(rs, "created_at"),
                        Times.instant(rs, "resolved_at"),
                        rs.getString("resolved_by"),
                        rs.getString("note")),
                orderId);
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
