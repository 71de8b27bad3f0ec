package dev.payhook.store;

import dev.payhook.payment.EventType;
import dev.payhook.payment.SubscriptionEvent;
import dev.payhook.payment.SubscriptionState;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.payment.WireName;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.SubscriptionTerms;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Subscriptions, unique by (provider, provider subscription id), and their append-only events. */
@Component
public class SubscriptionStore {

    private final JdbcTemplate jdbc;

    public SubscriptionStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public record Locked(long id, String orderId) {}

    /** A subscription as the orders API shows it. */
    public record Shown(String provider, String providerSubscriptionId, SubscriptionState state) {}

    /**
     * Creates the subscription if it is new and locks its row for the rest of the transaction; the
     * sign-up order learnt from a later event fills in one an earlier event did not name.
     */
    public Locked upsertAndLock(String provider, String providerSubscriptionId, String orderId) {
        return jdbc.queryForObject(
                """
                INSERT INTO subscriptions (provider, provider_subscription_id, order_id) VALUES (?, ?, ?)
                ON CONFLICT (provider, provider_subscription_id)
                DO UPDATE SET order_id = COALESCE(subscriptions.order_id, EXCLUDED.order_id)
                RETURNING id, order_id""", (rs, i) -> new Locked(rs.getLong(1), rs.getString(2)), provider, providerSubscriptionId, orderId);
    }

    /** Appends the event and returns all of the subscription's events in one round trip (see PaymentStore). */
    public List<SubscriptionEvent> appendAndRead(long subscriptionId, NormalizedEvent e, UUID receiptId) {
        SubscriptionTerms t =
                e.subscription() == null ? new SubscriptionTerms(null, null, null, null, null) : e.subscription();
        return jdbc.query(
                """
                WITH appended AS (
                    INSERT INTO subscription_events (subscription_id, provider, event_id, type, occurred_at, reported_status,
                                                     current_period_end, cancel_at, amount_minor, currency, receipt_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    RETURNING type, occurred_at, reported_status, current_period_end, cancel_at, amount_minor, currency,
                              event_id)
                SELECT type, occurred_at, reported_status, current_period_end, cancel_at, amount_minor, currency, event_id
                FROM subscription_events WHERE subscription_id = ?
                UNION ALL SELECT * FROM appended""",
                (rs, i) -> new SubscriptionEvent(
                        EventType.fromWireName(rs.getString(1)),
                        rs.getTimestamp(2).toInstant(),
                        status(rs.getString(3)),
                        Times.instant(rs, 4),
                        Times.instant(rs, 5),
                        (Long) rs.getObject(6),
                        rs.getString(7),
                        rs.getString(8)),
                subscriptionId,
                e.provider(),
                e.eventId(),
                e.type().wireName(),
                Timestamp.from(e.occurredAt()),
                t.status() == null ? null : t.status().wireName(),
                timestamp(t.currentPeriodEnd()),
                timestamp(t.cancelAt()),
                t.amountMinor(),
                t.currency(),
                receiptId,
                subscriptionId);
    }

    public void saveState(long subscriptionId, SubscriptionState s) {
        jdbc.update(
                """
                UPDATE subscriptions SET status = ?, current_period_end = ?, cancel_at = ?, canceled_at = ?,
                                         past_due_since = ?, price_minor = ?, currency = ?, updated_at = now()
                WHERE id = ?""",
                s.status().wireName(),
                timestamp(s.currentPeriodEnd()),
                timestamp(s.cancelAt()),
                timestamp(s.canceledAt()),
                timestamp(s.pastDueSince()),
                s.priceMinor(),
                s.currency(),
                subscriptionId);
    }

    /** A subscription as the provider names it, with its sign-up order. */
    public record Followed(String provider, String providerSubscriptionId, String orderId) {}

    /** Every subscription not ended: not canceled, or canceled with an end still to come. */
    public List<Followed> notEnded() {
        return jdbc.query("""
                SELECT provider, provider_subscription_id, order_id FROM subscriptions
                WHERE status <> 'canceled' OR cancel_at > now() ORDER BY id""", (rs, i) -> new Followed(rs.getString(1), rs.getString(2), rs.getString(3)));
    }

    /** The order's subscription: the newest one naming it as its sign-up order. */
    public Optional<Shown> ofOrder(String orderId) {
        return jdbc
                .query(
                        """
                        SELECT provider, provider_subscription_id, status, current_period_end, cancel_at, canceled_at,
                               past_due_since, price_minor, currency
                        FROM subscriptions WHERE order_id = ? ORDER BY id DESC LIMIT 1""",
                        (rs, i) -> new Shown(
                                rs.getString(1),
                                rs.getString(2),
                                new SubscriptionState(
                                        status(rs.getString(3)),
                                        Times.instant(rs, 4),
                                        Times.instant(rs, 5),
                                        Times.instant(rs, 6),
                                        Times.instant(rs, 7),
                                        (Long) rs.getObject(8),
                                        rs.getString(9))),
                        orderId)
                .stream()
                .findFirst();
    }

    private static SubscriptionStatus status(String wire) {
        return wire == null ? null : WireName.parse(SubscriptionStatus.class, wire);
    }

    private static Timestamp timestamp(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }
}
