package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.RefundStatus;
import dev.payhook.payment.WireName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Refund requests as ops read them, with their payment's provider id; {@link RefundStore} moves them. */
@Component
public class RefundRequestReads {

    private static final String VIEW = """
            SELECT r.id, r.provider, p.provider_payment_id, r.order_id, r.review_id, r.amount_minor, r.currency,
                   r.reason, r.note, r.status, r.provider_refund_id, r.attempts, r.error, r.requested_by,
                   r.created_at, r.updated_at
            FROM refund_requests r JOIN payments p ON p.id = r.payment_id
            """;

    private final JdbcTemplate jdbc;

    public RefundRequestReads(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** How many requests are in {@code status} now. */
    public long count(RefundStatus status) {
        Long n = jdbc.queryForObject(
                "SELECT count(*) FROM refund_requests WHERE status = ?", Long.class, status.wireName());
        return n == null ? 0 : n;
    }

    /** {@code status} null: every request; newest first. */
    public List<RefundView> list(RefundStatus status, int limit) {
        String name = status == null ? null : status.wireName();
        return jdbc.query(
                VIEW + "WHERE CAST(? AS text) IS NULL OR r.status = ? ORDER BY r.created_at DESC LIMIT ?",
                (rs, i) -> shown(rs),
                name,
                name,
                limit);
    }

    public Optional<RefundView> view(UUID id) {
        return jdbc.query(VIEW + "WHERE r.id = ?", (rs, i) -> shown(rs), id).stream()
                .findFirst();
    }

    /**
     * A refund request as {@code GET /ops/refunds} lists it, asking for one answers it and the
     * evidence pack keeps it; the provider sees {@code payhook-<id>} as its reference.
     */
    public record RefundView(
            UUID id,
            String provider,
            @JsonProperty("provider_payment_id") String providerPaymentId,
            @JsonProperty("order_id") String orderId,
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

    /** The order's requests, oldest first. */
    public List<RefundView> ofOrder(String orderId) {
        return jdbc.query(VIEW + "WHERE r.order_id = ? ORDER BY r.created_at", (rs, i) -> shown(rs), orderId);
    }

    private static RefundView shown(ResultSet rs) throws SQLException {
        return new RefundView(
                rs.getObject("id", UUID.class),
                rs.getString("provider"),
                rs.getString("provider_payment_id"),
                rs.getString("order_id"),
                rs.getObject("review_id", Long.class),
                rs.getLong("amount_minor"),
                rs.getString("currency").trim(),
                rs.getString("reason"),
                rs.getString("note"),
                WireName.parse(RefundStatus.class, rs.getString("status")),
                rs.getString("provider_refund_id"),
                rs.getInt("attempts"),
                rs.getString("error"),
                rs.getString("requested_by"),
                Times.instant(rs, "created_at"),
                Times.instant(rs, "updated_at"));
    }
}
