package dev.payhook.provider.dodo;

import dev.payhook.payment.EventType;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.provider.Fact;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SubscriptionSnapshot;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.dodo.DodoWebhook.Subscription;
import java.time.Instant;

/**
 * Dodo Payments' subscription payload (https://docs.dodopayments.com/developer-resources/webhooks)
 * onto Payhook's subscription events. Dodo's {@code on_hold} is past due; {@code failed} (the mandate
 * was never set up) and {@code expired} end it like a cancellation.
 */
final class DodoSubscriptions {

    /** A subscription as {@code GET /subscriptions/{id}} answers it. */
    static final String SUBSCRIPTION = "dodo.subscription";

    private DodoSubscriptions() {}

    /** What Dodo says of a subscription now, read as the webhook of its last change would be. */
    static Reading snapshot(String provider, Fact fact) {
        return SubscriptionSnapshot.read(fact, answer -> answer, "subscription_id", (eventId, data) -> {
            String status = data.path("status").asString("");
            boolean ended = status.equals("cancelled") || status.equals("failed") || status.equals("expired");
            String type = ended ? "subscription." + status : "subscription.updated";
            Instant at = SubscriptionSnapshot.firstTime(data, "cancelled_at", "expires_at", "created_at");
            return subscription(
                    NormalizedEvent.builder(provider, eventId, type, at),
                    new DodoWebhook(null, type, at, data),
                    ended ? EventType.SUBSCRIPTION_CANCELED : EventType.SUBSCRIPTION_UPDATED);
        });
    }

    static NormalizedEvent subscription(NormalizedEvent.Builder b, DodoWebhook w, EventType type) {
        Subscription s = WireJson.convert(w.data(), Subscription.class);
        SubscriptionStatus status = status(WireJson.require(s.status(), "status"));
        return b.subscription(
                        s.subscriptionId(),
                        new SubscriptionTerms(
                                status,
                                s.nextBillingDate(),
                                cancelAt(s, status, w.timestamp()),
                                s.recurringPreTaxAmount(),
                                s.currency()))
                .order(DodoFormat.orderId(s.metadata()))
                .build(type);
    }

    private static SubscriptionStatus status(String dodo) {
        return switch (dodo) {
            case "active" -> SubscriptionStatus.ACTIVE;
            case "on_hold" -> SubscriptionStatus.PAST_DUE;
            case "paused" -> SubscriptionStatus.PAUSED;
            case "cancelled", "failed", "expired" -> SubscriptionStatus.CANCELED;
            default -> null;
        };
    }

    /**
     * When it ends: at the next billing date when canceled for then; once ended, when it was canceled
     * or expired (the event's time if Dodo names neither).
     */
    private static Instant cancelAt(Subscription s, SubscriptionStatus status, Instant at) {
        boolean atPeriodEnd = Boolean.TRUE.equals(s.cancelAtNextBillingDate()) && s.nextBillingDate() != null;
        if (status != SubscriptionStatus.CANCELED) {
            return atPeriodEnd ? s.nextBillingDate() : null;
        }
        if (atPeriodEnd) {
            return s.nextBillingDate();
        }
        return s.cancelledAt() != null ? s.cancelledAt() : s.expiresAt() != null ? s.expiresAt() : at;
    }
}
