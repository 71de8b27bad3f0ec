package dev.payhook.store;

import dev.payhook.payment.Checkout;
import dev.payhook.payment.EntitlementStatus;
import dev.payhook.payment.Order;
import dev.payhook.payment.OrderStatus;
import dev.payhook.payment.WireName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
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
        return insertIfAbsent(o, Checkout.UNKNOWN);
    }

    /** Inserts the order with where its payer was sent to pay, unless it exists; true when this call created it. */
    public boolean insertIfAbsent(Order o, Checkout checkout) {
        return jdbc.update(
                        """
                INSERT INTO orders (order_id, amount_minor, currency, sku, customer_id, provider, provider_reference)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (order_id) DO NOTHING""",
                        o.orderId(),
                        o.amountMinor(),
                        o.currency(),
                        o.sku(),
                        o.customerId(),
                        checkout.provider(),
                        checkout.reference())
                == 1;
    }

    /** Where the order's payer was sent to pay, as far as the merchant said; empty for no such order. */
    public Optional<Checkout> checkout(String orderId) {
        return jdbc
                .query(
                        "SELECT provider, provider_reference FROM orders WHERE order_id = ?",
                        (rs, i) -> new Checkout(rs.getString(1), rs.getString(2)),
                        orderId)
                .stream()
                .findFirst();
    }

    /**
     * Fills in what the order's checkout did not say yet; false, changing nothing, when {@code checkout}
     * names another provider or another reference than the order has (judged in the statement that
     * writes it, so two registrations at once cannot both win).
     */
    public boolean addCheckout(String orderId, Checkout checkout) {
        return jdbc.update(
                        """
                UPDATE orders SET provider = COALESCE(provider, ?), provider_reference = COALESCE(provider_reference, ?)
                WHERE order_id = ? AND (?::text IS NULL OR provider IS NULL OR provider = ?)
                  AND (?::text IS NULL OR provider_reference IS NULL OR provider_reference = ?)""",
                        checkout.provider(),
                        checkout.reference(),
                        orderId,
                        checkout.provider(),
                        checkout.provider(),
                        checkout.reference(),
                        checkout.reference())
                == 1;
    }

    /** What {@link #order} reads, in its order. */
    static final String COLUMNS = "order_id, amount_minor, currency, sku, customer_id, status, version";

    public Optional<Order> find(String orderId) {
        return query("SELECT " + COLUMNS + " FROM orders WHERE order_id = ?", orderId);
    }

    /** Serialises the effects of events of different payments of one order. */
    public Optional<Order> lock(String orderId) {
        return query("SELECT " + COLUMNS + " FROM orders WHERE order_id = ? FOR UPDATE", orderId);
    }

    private Optional<Order> query(String sql, String orderId) {
        return jdbc.query(sql, (rs, i) -> order(rs, 1), orderId).stream().findFirst();
    }

    /** The {@link #COLUMNS} from column {@code first} on. */
    static Order order(ResultSet rs, int first) throws SQLException {
        return new Order(
                rs.getString(first),
                rs.getLong(first + 1),
                rs.getString(first + 2),
                rs.getString(first + 3),
                rs.getString(first + 4),
                WireName.parse(OrderStatus.class, rs.getString(first + 5)),
                rs.getLong(first + 6));
    }

    /** What a settlement changed: the order's version after it and the entitlement it left. */
    public record Settled(long version, EntitlementStatus entitlement) {}

    /**
     * The order's status and its entitlement, in one statement: {@code entitlement} NONE revokes one
     * granted earlier; any other is set until {@code changesAt} (null: until an event changes it),
     * when a scheduled check settles the order again. When either changed, the order's version goes
     * up by one and is returned; empty when nothing changed.
     */
    public Optional<Settled> settle(Order o, OrderStatus status, EntitlementStatus entitlement, Instant changesAt) {
        Object[] setStatus = {status.wireName(), o.orderId(), status.wireName()};
        if (entitlement == EntitlementStatus.NONE) {
            // the statement's snapshot sees the entitlement as it was: none stays none, any other is revoked
            return jdbc
                    .query(
                            REVOKE + SET_STATUS + ", (SELECT status FROM entitlements WHERE order_id = ?)",
                            (rs, i) -> new Settled(
                                    rs.getLong(1),
                                    rs.getString(2) == null ? EntitlementStatus.NONE : EntitlementStatus.REVOKED),
                            concat(concat(new Object[] {o.orderId()}, setStatus), new Object[] {o.orderId()}))
                    .stream()
                    .findFirst();
        }
        Object[] grant = {
            o.orderId(),
            o.sku(),
            o.customerId(),
            entitlement.wireName(),
            changesAt == null ? null : Timestamp.from(changesAt)
        };
        return jdbc
                .query(GRANT + SET_STATUS, (rs, i) -> new Settled(rs.getLong(1), entitlement), concat(grant, setStatus))
                .stream()
                .findFirst();
    }

    private static final String GRANT = """
            WITH entitlement AS (
                INSERT INTO entitlements (order_id, sku, customer_id, status, changes_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, changes_at = EXCLUDED.changes_at,
                    updated_at = CASE WHEN entitlements.status <> EXCLUDED.status THEN now() ELSE entitlements.updated_at END
                WHERE entitlements.status <> EXCLUDED.status
                   OR entitlements.changes_at IS DISTINCT FROM EXCLUDED.changes_at
                RETURNING 1)
            """;
    /** Revokes an entitlement granted earlier, if there is one. */
    private static final String REVOKE = """
            WITH entitlement AS (
                UPDATE entitlements SET status = 'revoked', changes_at = NULL, updated_at = now()
                WHERE order_id = ? AND status <> 'revoked'
                RETURNING 1)
            """;

    private static final String SET_STATUS = """
            UPDATE orders SET status = ?, version = version + 1, updated_at = now()
            WHERE order_id = ? AND (status <> ? OR EXISTS (SELECT 1 FROM entitlement))
            RETURNING version""";

    private static Object[] concat(Object[] a, Object[] b) {
        Object[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** Orders whose entitlement was due to change by now, oldest due first. */
    public List<String> entitlementsDue(Instant now, int limit) {
        return jdbc.queryForList(
                "SELECT order_id FROM entitlements WHERE changes_at <= ? ORDER BY changes_at LIMIT ?",
                String.class,
                Timestamp.from(now),
                limit);
    }

    public EntitlementStatus entitlement(String orderId) {
        List<String> s = jdbc.queryForList("SELECT status FROM entitlements WHERE order_id = ?", String.class, orderId);
        return s.isEmpty() ? EntitlementStatus.NONE : WireName.parse(EntitlementStatus.class, s.get(0));
    }
}
