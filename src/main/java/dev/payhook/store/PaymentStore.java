package dev.payhook.store;

import dev.payhook.payment.EventType;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderPayment;
import dev.payhook.payment.PaymentEvent;
import dev.payhook.payment.PaymentState;
import dev.payhook.payment.PaymentStatus;
import dev.payhook.payment.WireName;
import dev.payhook.provider.NormalizedEvent;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Payments, unique by (provider, provider payment id), and their append-only events. */
@Component
public class PaymentStore {

    private final JdbcTemplate jdbc;

    public PaymentStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Creates the payment if it is new and locks its row for the rest of the transaction; an order
     * learnt from a later event fills in one an earlier event did not name.
     */
    public record Locked(long id, String orderId) {}

    private static final String UPSERT = """
            INSERT INTO payments (provider, provider_payment_id, order_id, connected_account) VALUES (?, ?, ?, ?)
            ON CONFLICT (provider, provider_payment_id)
            DO UPDATE SET order_id = COALESCE(payments.order_id, EXCLUDED.order_id),
                          connected_account = COALESCE(payments.connected_account, EXCLUDED.connected_account)
            RETURNING id, order_id""";

    /** {@link #upsertAndLockWithOrder} without the order; {@code account}: the connected account, once known kept. */
    public Locked upsertAndLock(String provider, String providerPaymentId, String orderId, String account) {
        return jdbc.queryForObject(
                UPSERT,
                (rs, i) -> new Locked(rs.getLong(1), rs.getString(2)),
                provider,
                providerPaymentId,
                orderId,
                account);
    }

    /** {@link #upsertAndLock}, and the payment's order locked after it (null when it has none or it is not registered). */
    public record LockedWithOrder(Locked payment, Order order) {}

    public LockedWithOrder upsertAndLockWithOrder(
            String provider, String providerPaymentId, String orderId, String account) {
        return jdbc.queryForObject(
                "WITH p AS (" + UPSERT + ") SELECT p.id, p.order_id, o.*"
                        + " FROM p LEFT JOIN LATERAL (SELECT " + OrderStore.COLUMNS
                        + " FROM orders WHERE order_id = p.order_id FOR UPDATE) o ON true",
                (rs, i) -> new LockedWithOrder(
                        new Locked(rs.getLong(1), rs.getString(2)),
                        rs.getString(3) == null ? null : OrderStore.order(rs, 3)),
                provider,
                providerPaymentId,
                orderId,
                account);
    }

    /**
     * Appends the event and returns all of the payment's events, in one round trip. The payment
     * row is already locked, so this statement's snapshot holds every event committed before it;
     * the table part of the query cannot see the row the same statement inserts, RETURNING adds it.
     */
    public List<PaymentEvent> appendAndRead(long paymentId, NormalizedEvent e, UUID receiptId) {
        return jdbc.query(
                """
                WITH appended AS (
                    INSERT INTO payment_events (payment_id, provider, event_id, type, occurred_at, amount_minor, currency,
                                                refund_id, receipt_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    RETURNING type, occurred_at, amount_minor, currency, refund_id, event_id)
                SELECT type, occurred_at, amount_minor, currency, refund_id, event_id
                FROM payment_events WHERE payment_id = ?
                UNION ALL SELECT * FROM appended""",
                (rs, i) -> new PaymentEvent(
                        EventType.fromWireName(rs.getString(1)),
                        rs.getTimestamp(2).toInstant(),
                        (Long) rs.getObject(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6)),
                paymentId,
                e.provider(),
                e.eventId(),
                e.type().wireName(),
                Timestamp.from(e.occurredAt()),
                e.amountMinor(),
                e.currency(),
                e.refundId(),
                receiptId,
                paymentId);
    }

    /** Makes the payment one of its subscription's: a renewal, whose order is the subscription's. */
    public void linkSubscription(long paymentId, long subscriptionId) {
        jdbc.update(
                "UPDATE payments SET subscription_id = ? WHERE id = ? AND subscription_id IS NULL",
                subscriptionId,
                paymentId);
    }

    /** The derived state, and the SKU its products map to once an event names them (never changed after). */
    public void saveState(long paymentId, PaymentState d, String sku) {
        jdbc.update(SAVE_STATE, saveStateArguments(paymentId, d, sku));
    }

    private static Object[] saveStateArguments(long paymentId, PaymentState d, String sku, Object... more) {
        Object[] own = {
            d.status().wireName(),
            d.amountMinor(),
            d.currency(),
            d.refundedMinor(),
            d.occurredAt() == null ? null : Timestamp.from(d.occurredAt()),
            sku,
            paymentId
        };
        Object[] all = Arrays.copyOf(own, own.length + more.length);
        System.arraycopy(more, 0, all, own.length, more.length);
        return all;
    }

    private static final String SAVE_STATE = """
            UPDATE payments SET status = ?, amount_minor = ?, currency = ?, refunded_minor = ?, occurred_at = ?,
                                sku = COALESCE(sku, ?), updated_at = now()
            WHERE id = ?""";

    /**
     * Its own payments and those of the subscription it signed up for. Two index lookups joined by id:
     * written as one {@code order_id = ? OR subscription_id IN (...)}, PostgreSQL scans the whole table
     * (131 ms a payment at 100,000 payments, in bench/cluster.sh's backlog check).
     */
    private static final String ORDER_PAYMENT_IDS = """
            SELECT id FROM payments WHERE order_id = ?
            UNION ALL
            SELECT p.id FROM payments p JOIN subscriptions s ON s.id = p.subscription_id WHERE s.order_id = ?""";

    /** In the order they were made (ties by provider id, never by arrival). */
    private static final String MADE = " ORDER BY occurred_at NULLS LAST, provider, provider_payment_id";

    private static final String SETTLING =
            "id, provider, provider_payment_id, status, amount_minor, currency, sku, subscription_id IS NOT NULL";

    /** The payments of an order, in the order they were made. */
    public List<OrderPayment> settling(String orderId) {
        return jdbc.query(
                "SELECT " + SETTLING + " FROM payments WHERE id IN (" + ORDER_PAYMENT_IDS + ")" + MADE,
                PaymentStore::orderPayment,
                orderId,
                orderId);
    }

    /**
     * {@link #saveState} for a payment of {@code orderId}, then {@link #settling} with it, in one round
     * trip: the table part of the query cannot see the row the same statement updates, RETURNING adds it.
     */
    public List<OrderPayment> saveStateAndSettling(long paymentId, PaymentState d, String sku, String orderId) {
        return jdbc.query(
                "WITH saved AS (" + SAVE_STATE + " RETURNING " + SETTLING + ", occurred_at)"
                        + " SELECT * FROM (SELECT " + SETTLING + ", occurred_at FROM payments"
                        + " WHERE id IN (" + ORDER_PAYMENT_IDS + ") AND id <> ?"
                        + " UNION ALL SELECT * FROM saved) t" + MADE,
                PaymentStore::orderPayment,
                saveStateArguments(paymentId, d, sku, orderId, orderId, paymentId));
    }

    private static OrderPayment orderPayment(ResultSet rs, int i) throws SQLException {
        return new OrderPayment(
                rs.getLong(1),
                rs.getString(2),
                rs.getString(3),
                WireName.parse(PaymentStatus.class, rs.getString(4)),
                (Long) rs.getObject(5),
                rs.getString(6),
                rs.getString(7),
                rs.getBoolean(8));
    }

    /** The payments of an order, oldest first, for the orders API. */
    /** Whether the order has payments and every one of them failed or was canceled: its providers said no. */
    public boolean allFailed(String orderId) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT bool_and(status IN (?, ?)) FROM payments WHERE order_id = ?",
                Boolean.class,
                PaymentStatus.FAILED.wireName(),
                PaymentStatus.CANCELED.wireName(),
                orderId));
    }

    /** A payment as an order's view shows it. */
    public record Shown(
            String provider,
            String providerPaymentId,
            PaymentStatus status,
            long amountMinor,
            String currency,
            long refundedMinor,
            Instant occurredAt) {}

    /** The payments of an order (its subscription's renewals too), in the order they were made. */
    public List<Shown> ofOrder(String orderId) {
        return jdbc.query(
                "SELECT provider, provider_payment_id, status, amount_minor, currency, refunded_minor, occurred_at"
                        + " FROM payments WHERE id IN (" + ORDER_PAYMENT_IDS + ")" + MADE,
                (rs, i) -> new Shown(
                        rs.getString(1),
                        rs.getString(2),
                        WireName.parse(PaymentStatus.class, rs.getString(3)),
                        rs.getLong(4),
                        rs.getString(5),
                        rs.getLong(6),
                        Times.instant(rs, 7)),
                orderId,
                orderId);
    }
}
