package dev.payhook.provider.paddle;

import dev.payhook.payment.EventType;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SubscriptionSnapshot;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paddle.PaddleNotification.Item;
import dev.payhook.provider.paddle.PaddleNotification.Subscription;
import java.time.Instant;
import java.util.List;

/**
 * Paddle's subscription entity (https://developer.paddle.com/api-reference/subscriptions/overview)
 * onto Payhook's subscription events: status, billing period, a scheduled or done cancellation, and
 * the pre-tax price of a period.
 */
final class PaddleSubscriptions {

    /** A subscription as {@code GET /subscriptions/{id}} answers it, in its {@code data}. */
    static final String SUBSCRIPTION = "paddle.subscription";

    private PaddleSubscriptions() {}

    /** What Paddle says of a subscription now, read as the notification of its last change would be. */
    static Reading snapshot(String provider, Fact fact) {
        return SubscriptionSnapshot.read(fact, answer -> answer.path("data"), "id", (eventId, data) -> {
            boolean canceled = "canceled".equals(data.path("status").asString(""));
            String type = canceled ? "subscription.canceled" : "subscription.updated";
            Instant at = SubscriptionSnapshot.firstTime(data, "canceled_at", "updated_at", "created_at");
            return subscription(
                    NormalizedEvent.builder(provider, eventId, type, at),
                    new PaddleNotification(eventId, type, at, null, data),
                    canceled ? EventType.SUBSCRIPTION_CANCELED : EventType.SUBSCRIPTION_UPDATED);
        });
    }

    static NormalizedEvent subscription(NormalizedEvent.Builder b, PaddleNotification n, EventType type) {
        Subscription s = WireJson.convert(n.data(), Subscription.class);
        SubscriptionStatus status = status(WireJson.require(s.status(), "status"));
        Instant periodEnd = s.currentBillingPeriod() == null
                ? null
                : s.currentBillingPeriod().endsAt();
        return b.subscription(
                        s.id(),
                        new SubscriptionTerms(
                                status, periodEnd, cancelAt(s, status, n), price(s.items()), s.currencyCode()))
                .order(PaddleFormat.orderId(s.customData()))
                .build(type);
    }

    private static SubscriptionStatus status(String paddle) {
        return switch (paddle) {
            case "trialing" -> SubscriptionStatus.TRIALING;
            case "active" -> SubscriptionStatus.ACTIVE;
            case "past_due" -> SubscriptionStatus.PAST_DUE;
            case "paused" -> SubscriptionStatus.PAUSED;
            case "canceled" -> SubscriptionStatus.CANCELED;
            default -> null;
        };
    }

    /** Canceled: when it was; otherwise a cancellation Paddle has scheduled for the end of the period. */
    private static Instant cancelAt(Subscription s, SubscriptionStatus status, PaddleNotification n) {
        if (status == SubscriptionStatus.CANCELED) {
            return s.canceledAt() != null ? s.canceledAt() : n.occurredAt();
        }
        return s.scheduledChange() != null
                        && "cancel".equals(s.scheduledChange().action())
                ? s.scheduledChange().effectiveAt()
                : null;
    }

    /** Every recurring item's unit price times its quantity, when all are known. */
    private static Long price(List<Item> items) {
        if (items == null || items.isEmpty()) {
            return null;
        }
        long total = 0;
        for (Item i : items) {
            if (i.price() == null || i.price().unitPrice() == null) {
                return null;
            }
            long unit = Money.fromMinorString(i.price().unitPrice().amount());
            total = Math.addExact(total, Math.multiplyExact(unit, i.quantity() == null ? 1 : i.quantity()));
        }
        return total;
    }
}
