package dev.payhook.reconcile;

import dev.payhook.payment.Checkout;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.OrderRef;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** What Payhook has not settled yet, as the reconciler asks the providers about it. */
@Component
public class OpenWork {

    /** How many orders or payments one run looks at, so a backlog is worked through over several runs. */
    private static final int BATCH = 500;

    private final JdbcTemplate jdbc;

    public OpenWork(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** An order still unpaid, and when it was registered. */
    public record PendingOrder(String orderId, Instant registeredAt) {}

    /** A payment Payhook has recorded, at its provider. */
    public record Known(String provider, KnownPayment payment) {}

    /** An order as it is looked up: what a provider is asked with, and where its payer went to pay. */
    public record OrderToAsk(OrderRef ref, Checkout checkout) {}

    /** The order as the providers are asked about it; empty when it is not registered. */
    public Optional<OrderToAsk> order(String orderId) {
        return jdbc
                .query(
                        """
                        SELECT order_id, amount_minor, currency, provider, provider_reference
                        FROM orders WHERE order_id = ?""",
                        (rs, i) -> new OrderToAsk(
                                new OrderRef(rs.getString(1), rs.getLong(2), rs.getString(3)),
                                new Checkout(rs.getString(4), rs.getString(5))),
                        orderId)
                .stream()
                .findFirst();
    }

    public boolean stillPending(String orderId) {
        return !jdbc.queryForList("SELECT 1 FROM orders WHERE order_id = ? AND status = 'pending'", orderId)
                .isEmpty();
    }

    /**
     * Orders pending since before {@code registeredBefore}, oldest first; not those whose subscription
     * the provider has spoken of (a trial is unpaid on purpose, and its own events answer for it).
     */
    public List<PendingOrder> pendingOrders(Instant registeredBefore) {
        return jdbc.query(
                """
                SELECT order_id, created_at FROM orders o WHERE status = 'pending' AND created_at < ?
                  AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.order_id = o.order_id AND s.status <> 'unknown')
                ORDER BY created_at LIMIT ?""",
                (rs, i) -> new PendingOrder(rs.getString(1), rs.getTimestamp(2).toInstant()),
                Timestamp.from(registeredBefore),
                BATCH);
    }

    /** The providers that have said anything about the order: a payment or a receipt naming it. */
    public List<String> providersOf(String orderId) {
        return jdbc.queryForList("""
                SELECT provider FROM payments WHERE order_id = ?
                UNION SELECT provider FROM receipts WHERE order_id = ?
                ORDER BY provider""", String.class, orderId, orderId);
    }

    public List<Known> paymentsOf(String orderId) {
        return known("p.order_id = ?", orderId);
    }

    /** Payments whose events never said how the money went (e.g. only a refund arrived). */
    public List<Known> unknownPayments(String provider) {
        return provider == null
                ? known("p.status = 'unknown'")
                : known("p.status = 'unknown' AND p.provider = ?", provider);
    }

    private List<Known> known(String where, Object... args) {
        return jdbc.query(
                """
                SELECT p.provider, p.provider_payment_id, p.order_id, p.amount_minor, p.currency,
                       ARRAY(SELECT DISTINCT e.refund_id FROM payment_events e
                             WHERE e.payment_id = p.id AND e.refund_id IS NOT NULL ORDER BY 1),
                       p.connected_account
                FROM payments p""" + " WHERE " + where + " ORDER BY p.id LIMIT " + BATCH,
                (rs, i) -> new Known(
                        rs.getString(1),
                        new KnownPayment(
                                rs.getString(2),
                                rs.getString(3),
                                rs.getObject(4, Long.class),
                                rs.getString(5),
                                List.of((String[]) rs.getArray(6).getArray()),
                                rs.getString(7))),
                args);
    }
}
