package dev.payhook.store;

import dev.payhook.payment.EventType;
import dev.payhook.payment.PaymentStatus;
import dev.payhook.payment.RefundStatus;
import dev.payhook.payment.Refundable;
import dev.payhook.payment.WireName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The refund requests (DESIGN.md §12). A status only moves as {@link RefundStatus} allows: every
 * update names the statuses it moves from, so a move that lost a race changes nothing.
 */
@Component
public class RefundStore {

    private static final String COLUMNS = """
            r.id, r.provider, r.payment_id, p.provider_payment_id, r.order_id, r.review_id, r.amount_minor, r.currency,
            COALESCE(p.amount_minor, 0), r.reason, r.status, r.provider_refund_id, r.attempts, p.connected_account""";

    private final JdbcTemplate jdbc;

    public RefundStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A payment locked for the rest of the transaction, with what it captured and what is or may be given back. */
    public record RefundablePayment(
            long id,
            String orderId,
            PaymentStatus status,
            long capturedMinor,
            String currency,
            long refundedMinor,
            long openMinor) {

        /** What may still be given back: captured less refunded less open requests. */
        public long available() {
            return Refundable.available(capturedMinor, refundedMinor, openMinor);
        }
    }

    /** Locks the payment (the lock processing takes for its events) and reads what may still be refunded. */
    public Optional<RefundablePayment> lockPayment(String provider, String providerPaymentId) {
        return payment(provider, providerPaymentId, " FOR UPDATE OF p");
    }

    /** What may still be refunded from the payment, read without a lock: for a page, never for a decision. */
    public Optional<RefundablePayment> readPayment(String provider, String providerPaymentId) {
        return payment(provider, providerPaymentId, "");
    }

    private Optional<RefundablePayment> payment(String provider, String providerPaymentId, String lock) {
        return jdbc
                .query(
                        """
                SELECT p.id, p.order_id, p.status, COALESCE(p.amount_minor, 0), p.currency, p.refunded_minor,
                       (SELECT COALESCE(sum(r.amount_minor), 0) FROM refund_requests r
                        WHERE r.payment_id = p.id AND r.status = ANY (?))
                FROM payments p WHERE p.provider = ? AND p.provider_payment_id = ?""" + lock,
                        (rs, i) -> new RefundablePayment(
                                rs.getLong(1),
                                rs.getString(2),
                                WireName.parse(PaymentStatus.class, rs.getString(3)),
                                rs.getLong(4),
                                rs.getString(5) == null ? "" : rs.getString(5).trim(),
                                rs.getLong(6),
                                rs.getLong(7)),
                        openStatuses(),
                        provider,
                        providerPaymentId)
                .stream()
                .findFirst();
    }

    /** The review of a double payment, locked, with its payment; empty when there is no such review. */
    public record ReviewToRefund(long id, String kind, String status, String provider, String providerPaymentId) {}

    public Optional<ReviewToRefund> lockReview(long reviewId) {
        return review(reviewId, " FOR UPDATE OF r");
    }

    public Optional<ReviewToRefund> readReview(long reviewId) {
        return review(reviewId, "");
    }

    private Optional<ReviewToRefund> review(long reviewId, String lock) {
        return jdbc
                .query(
                        """
                SELECT r.id, r.kind, r.status, p.provider, p.provider_payment_id
                FROM reviews r LEFT JOIN payments p ON p.id = r.payment_id WHERE r.id = ?""" + lock,
                        (rs, i) -> new ReviewToRefund(
                                rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)),
                        reviewId)
                .stream()
                .findFirst();
    }

    /** What a new request holds. */
    public record NewRequest(
            String provider,
            long paymentId,
            String orderId,
            Long reviewId,
            long amountMinor,
            String currency,
            String reason,
            String note,
            String requestedBy) {}

    public RefundRequest insert(NewRequest n) {
        UUID id = UUID.randomUUID();
        jdbc.update(
                """
                INSERT INTO refund_requests (id, provider, payment_id, order_id, review_id, amount_minor, currency,
                                             reason, note, requested_by)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                id,
                n.provider(),
                n.paymentId(),
                n.orderId(),
                n.reviewId(),
                n.amountMinor(),
                n.currency(),
                n.reason(),
                n.note(),
                n.requestedBy());
        return get(id).orElseThrow();
    }

    /** The request of a review that has not failed: the one refund a review asks for. */
    public Optional<RefundRequest> ofReview(long reviewId) {
        return one("WHERE r.review_id = ? AND r.status <> 'failed'", reviewId);
    }

    public Optional<RefundRequest> get(UUID id) {
        return one("WHERE r.id = ?", id);
    }

    /** The request whose refund the provider names {@code providerRefundId}. */
    public Optional<RefundRequest> byProviderRefund(String provider, String providerRefundId) {
        return one("WHERE r.provider = ? AND r.provider_refund_id = ?", provider, providerRefundId);
    }

    /**
     * Takes up the request due first: it is held for {@code hold} (a crash in the call lets another
     * worker take it up after that), and an attempt is counted when it is to be called.
     */
    public Optional<RefundRequest> claimDue(Duration hold) {
        return jdbc.query("""
                WITH due AS (
                    SELECT id FROM refund_requests
                    WHERE status IN ('requested', 'submitted', 'unknown') AND next_at <= now()
                    ORDER BY next_at LIMIT 1 FOR UPDATE SKIP LOCKED)
                UPDATE refund_requests r SET next_at = now() + ? * interval '1 millisecond',
                       attempts = r.attempts + CASE WHEN r.status = 'submitted' THEN 0 ELSE 1 END
                FROM due, payments p WHERE r.id = due.id AND p.id = r.payment_id
                RETURNING\s""" + COLUMNS, RefundStore::request, hold.toMillis()).stream()
                .findFirst();
    }

    /** Taken up again after {@code delay}, its status as it is. */
    public void later(UUID id, Duration delay, String error) {
        jdbc.update("""
                UPDATE refund_requests SET next_at = now() + ? * interval '1 millisecond', error = COALESCE(?, error),
                       updated_at = now()
                WHERE id = ?""", delay.toMillis(), error, id);
    }

    /**
     * Moves the request to {@code to} when its status allows, keeping the provider's refund id when
     * given, with {@code error} (null: none); taken up again after {@code next} while still open.
     * Empty when it did not move.
     */
    public Optional<RefundRequest> move(
            UUID id, RefundStatus to, String providerRefundId, String error, Duration next) {
        List<String> from =
                RefundStatus.before(to).stream().map(RefundStatus::wireName).toList();
        return jdbc
                .query(
                        """
                UPDATE refund_requests r SET status = ?, provider_refund_id = COALESCE(?, r.provider_refund_id),
                       error = ?, updated_at = now(),
                       next_at = now() + ? * interval '1 millisecond'
                FROM payments p WHERE r.id = ? AND p.id = r.payment_id AND r.status = ANY (?)
                RETURNING\s""" + COLUMNS,
                        RefundStore::request,
                        to.wireName(),
                        providerRefundId,
                        error,
                        next.toMillis(),
                        id,
                        from.toArray(String[]::new))
                .stream()
                .findFirst();
    }

    /** The outcome of the refund {@code providerRefundId} as processing applied its events; empty before any. */
    public Optional<EventType> refundOutcome(long paymentId, String providerRefundId) {
        return jdbc.queryForList("""
                SELECT type FROM payment_events WHERE payment_id = ? AND refund_id = ?
                  AND type IN ('refund.succeeded', 'refund.failed') ORDER BY occurred_at DESC, id DESC LIMIT 1""", String.class, paymentId, providerRefundId).stream()
                .map(type -> WireName.parse(EventType.class, type))
                .findFirst();
    }

    private Optional<RefundRequest> one(String where, Object... args) {
        return jdbc
                .query(
                        "SELECT " + COLUMNS + " FROM refund_requests r JOIN payments p ON p.id = r.payment_id " + where,
                        RefundStore::request,
                        args)
                .stream()
                .findFirst();
    }

    private static String[] openStatuses() {
        return Arrays.stream(RefundStatus.values())
                .filter(RefundStatus::open)
                .map(RefundStatus::wireName)
                .toArray(String[]::new);
    }

    private static RefundRequest request(ResultSet rs, int row) throws SQLException {
        return new RefundRequest(
                rs.getObject(1, UUID.class),
                rs.getString(2),
                rs.getLong(3),
                rs.getString(4),
                rs.getString(5),
                rs.getObject(6, Long.class),
                rs.getLong(7),
                rs.getString(8).trim(),
                rs.getLong(9),
                rs.getString(10),
                WireName.parse(RefundStatus.class, rs.getString(11)),
                rs.getString(12),
                rs.getInt(13),
                rs.getString(14));
    }
}
