package dev.payhook.store;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;

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

    private final JdbcTemplate jdbc;

    public OrderEvidenceStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The receipts, oldest first, each with its kept headers (JSON text) and the body's length and
     * SHA-256 (computed from the body, or the digest kept when the retention dropped it).
     */
    public List<Map<String, Object>> receipts(String orderId) {
        return jdbc.queryForList("""
                SELECT id, provider, event_id, order_id, received_at, source_ip, trace_id, source, outcome, reason,
                       headers::text AS headers, octet_length(body) AS body_length,
                       encode(coalesce(sha256(body), body_sha256), 'hex') AS body_sha256, body_dropped_at
                FROM receipts WHERE id IN (""" + RECEIPTS_OF_ORDER + ") ORDER BY received_at, id", orderId, orderId, orderId);
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
    public List<Map<String, Object>> paymentEvents(String orderId) {
        return jdbc.queryForList("""
                SELECT p.provider, p.provider_payment_id, pe.event_id, pe.type, pe.occurred_at, pe.amount_minor,
                       pe.currency, pe.refund_id, pe.receipt_id, pe.recorded_at
                FROM payment_events pe JOIN payments p ON p.id = pe.payment_id
                WHERE p.order_id = ? ORDER BY pe.occurred_at, pe.id""", orderId);
    }

    public List<Map<String, Object>> refundRequests(String orderId) {
        return jdbc.queryForList("""
                SELECT r.id, r.provider, p.provider_payment_id, r.review_id, r.amount_minor, r.currency, r.reason,
                       r.note, r.status, r.provider_refund_id, r.attempts, r.error, r.requested_by, r.created_at,
                       r.updated_at
                FROM refund_requests r JOIN payments p ON p.id = r.payment_id
                WHERE r.order_id = ? ORDER BY r.created_at""", orderId);
    }

    /**
     * Each committed change of the order's status or entitlement, as its order event said it: the
     * state after the change and its cause (the provider's event, or a job).
     */
    public List<Map<String, Object>> changes(String orderId) {
        return jdbc.queryForList("""
                SELECT created_at AS at, kind AS type, payload::text AS message FROM outbox
                WHERE starts_with(dedupe_key, ?) ORDER BY id""", "order:" + orderId + ":");
    }

    public List<Map<String, Object>> reviews(String orderId) {
        return jdbc.queryForList("""
                SELECT id, kind, status, detail, created_at, resolved_at, resolved_by, note
                FROM reviews WHERE order_id = ? ORDER BY id""", orderId);
    }

    /** What ops did about the order's receipts, reviews and refunds, and its reconciliation requests. */
    public List<Map<String, Object>> opsActions(String orderId, List<UUID> receipts, List<String> targets) {
        return jdbc.query(
                """
                SELECT at, actor, action, target, receipt_id, detail, batch_id FROM ops_actions
                WHERE receipt_id = ANY(?) OR target = ANY(?) ORDER BY id""",
                ps -> {
                    ps.setArray(1, ps.getConnection().createArrayOf("uuid", receipts.toArray()));
                    ps.setArray(2, ps.getConnection().createArrayOf("text", targets.toArray()));
                },
                new org.springframework.jdbc.core.ColumnMapRowMapper());
    }
}
