package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.ReviewKind;
import dev.payhook.payment.WireName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The manual review queue: what Payhook recorded but will not decide on its own. */
@Component
public class ReviewStore {

    private static final String SELECT = """
            SELECT r.id, r.kind, r.status, r.order_id, p.provider, p.provider_payment_id, r.subject, r.detail,
                   r.created_at, r.resolved_at, r.resolved_by, r.note
            FROM reviews r LEFT JOIN payments p ON p.id = r.payment_id
            """;

    /** Open until a person resolves it. */
    public enum Status implements WireName {
        OPEN,
        RESOLVED
    }

    private final JdbcTemplate jdbc;

    public ReviewStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A review just opened, with the payment it is about when it names one. */
    public record Opened(long id, ReviewKind kind, String orderId, String provider, String providerPaymentId) {}

    /** Opens the review {@code kind} about {@code subject} unless it exists; empty when it existed. */
    public Optional<Opened> open(ReviewKind kind, String subject, String orderId, Long paymentId, String detail) {
        return jdbc
                .query(
                        """
                WITH r AS (
                    INSERT INTO reviews (kind, subject, order_id, payment_id, detail) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (kind, subject) DO NOTHING RETURNING id, payment_id)
                SELECT r.id, p.provider, p.provider_payment_id FROM r LEFT JOIN payments p ON p.id = r.payment_id""",
                        (rs, i) -> new Opened(rs.getLong(1), kind, orderId, rs.getString(2), rs.getString(3)),
                        kind.wireName(),
                        subject,
                        orderId,
                        paymentId,
                        detail)
                .stream()
                .findFirst();
    }

    /** {@code status} null: every review. */
    public List<ReviewView> list(Status status, int limit) {
        String name = status == null ? null : status.wireName();
        return jdbc.query(
                SELECT + "WHERE CAST(? AS text) IS NULL OR r.status = ? ORDER BY r.id LIMIT ?",
                (rs, i) -> row(rs),
                name,
                name,
                limit);
    }

    /**
     * A review as ops read it, with the payment it is about when it names one: as
     * {@code GET /ops/reviews} lists it, resolving one answers it and the evidence pack keeps it.
     */
    public record ReviewView(
            long id,
            ReviewKind kind,
            Status status,
            @JsonProperty("order_id") String orderId,
            String provider,
            @JsonProperty("provider_payment_id") String providerPaymentId,
            String subject,
            String detail,
            @JsonProperty("created_at") Instant createdAt,
            @JsonProperty("resolved_at") Instant resolvedAt,
            @JsonProperty("resolved_by") String resolvedBy,
            String note) {}

    /** The order's reviews, oldest first. */
    public List<ReviewView> ofOrder(String orderId) {
        return jdbc.query(SELECT + "WHERE r.order_id = ? ORDER BY r.id", (rs, i) -> row(rs), orderId);
    }

    private static ReviewView row(ResultSet rs) throws SQLException {
        return new ReviewView(
                rs.getLong("id"),
                WireName.parse(ReviewKind.class, rs.getString("kind")),
                WireName.parse(Status.class, rs.getString("status")),
                rs.getString("order_id"),
                rs.getString("provider"),
                rs.getString("provider_payment_id"),
                rs.getString("subject"),
                rs.getString("detail"),
                Times.instant(rs, "created_at"),
                Times.instant(rs, "resolved_at"),
                rs.getString("resolved_by"),
                rs.getString("note"));
    }

    public int count(Status status) {
        Integer n =
                jdbc.queryForObject("SELECT count(*) FROM reviews WHERE status = ?", Integer.class, status.wireName());
        return n == null ? 0 : n;
    }

    public Optional<ReviewView> find(long id) {
        return jdbc.query(SELECT + "WHERE r.id = ?", (rs, i) -> row(rs), id).stream()
                .findFirst();
    }

    /** Closes an open review; false when it was not open. */
    public boolean resolve(long id, String actor, String note) {
        return jdbc.update("""
                UPDATE reviews SET status = 'resolved', resolved_at = now(), resolved_by = ?, note = ?
                WHERE id = ? AND status = 'open'""", actor, note, id) == 1;
    }

    /** Closes the open reviews of {@code kinds} about {@code orderId}; how many. */
    public int resolveOfOrder(String orderId, List<ReviewKind> kinds, String actor, String note) {
        return jdbc.update("""
                UPDATE reviews SET status = 'resolved', resolved_at = now(), resolved_by = ?, note = ?
                WHERE order_id = ? AND status = 'open' AND kind = ANY(?)""", ps -> {
            ps.setString(1, actor);
            ps.setString(2, note);
            ps.setString(3, orderId);
            ps.setArray(
                    4,
                    ps.getConnection()
                            .createArrayOf(
                                    "text",
                                    kinds.stream().map(ReviewKind::wireName).toArray()));
        });
    }

    /** Says on an open review what became of what was done about it; false when it was not open. */
    public boolean annotate(long id, String note) {
        return jdbc.update("UPDATE reviews SET note = ? WHERE id = ? AND status = 'open'", note, id) == 1;
    }
}
