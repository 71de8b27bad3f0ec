package dev.payhook.store;

import dev.payhook.payment.EntitlementStatus;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderStatus;
import dev.payhook.payment.WireName;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The merchant's local orders and the entitlement each one grants. */
@Component
public class OrderStore {

    private final JdbcTemplate jdbc;

    public OrderStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts the order unless it exists; true when this call created it. */
    public boolean insertIfAbsent(Order o) {
        return jdbc.update("""
                INSERT INTO orders (order_id, amount_minor, currency, sku, customer_id) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (order_id) DO NOTHING""", o.orderId(), o.amountMinor(), o.currency(), o.sku(), o.customerId()) == 1;
    }

    public Optional<Order> find(String orderId) {
        return query(
                "SELECT order_id, amount_minor, currency, sku, customer_id, status FROM orders WHERE order_id = ?",
                orderId);
    }

    /** Serialises the effects of events of different payments of one order. */
    public Optional<Order> lock(String orderId) {
        return query(
                "SELECT order_id, amount_minor, currency, sku, customer_id, status FROM orders WHERE order_id = ? FOR UPDATE",
                orderId);
    }

    private Optional<Order> query(String sql, String orderId) {
        return jdbc
                .query(
                        sql,
                        (rs, i) -> new Order(
                                rs.getString(1),
                                rs.getLong(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                WireName.parse(OrderStatus.class, rs.getString(6))),
                        orderId)
                .stream()
                .findFirst();
    }

    /** Sets the order's status; true when that changed it. */
    public boolean setStatus(String orderId, OrderStatus status) {
        return 1
                == jdbc.update(
                        "UPDATE orders SET status = ?, updated_at = now() WHERE order_id = ? AND status <> ?",
                        status.wireName(),
                        orderId,
                        status.wireName());
    }

    /** Sets the entitlement to {@code status}; true when that changed anything. */
    public boolean setEntitlement(Order o, EntitlementStatus status) {
        return jdbc.update("""
                INSERT INTO entitlements (order_id, sku, customer_id, status) VALUES (?, ?, ?, ?)
                ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, updated_at = now()
                WHERE entitlements.status <> EXCLUDED.status""", o.orderId(), o.sku(), o.customerId(), status.wireName()) == 1;
    }

    /** Revokes an entitlement granted earlier, if there is one. */
    public void revokeEntitlement(String orderId) {
        jdbc.update(
                "UPDATE entitlements SET status = 'revoked', updated_at = now() WHERE order_id = ? AND status <> 'revoked'",
                orderId);
    }

    public EntitlementStatus entitlement(String orderId) {
        List<String> s = jdbc.queryForList("SELECT status FROM entitlements WHERE order_id = ?", String.class, orderId);
        return s.isEmpty() ? EntitlementStatus.NONE : WireName.parse(EntitlementStatus.class, s.get(0));
    }
}
