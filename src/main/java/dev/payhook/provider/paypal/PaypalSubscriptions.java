package dev.payhook.provider.paypal;

import dev.payhook.payment.EventType;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SubscriptionSnapshot;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paypal.PaypalEvent.Sale;
import dev.payhook.provider.paypal.PaypalEvent.Subscription;
import java.time.Instant;

/**
 * PayPal's billing subscriptions (https://developer.paypal.com/docs/api/subscriptions/v1/) onto
 * Payhook's subscription events, and its sales of a subscription (renewals, v1) onto payments of it.
 * The subscription resource names a plan, not its price: renewals are not checked against a price.
 */
final class PaypalSubscriptions {

    /** A subscription as {@code GET /v1/billing/subscriptions/{id}} answers it. */
    static final String SUBSCRIPTION = "paypal.subscription";

    private PaypalSubscriptions() {}

    /** What PayPal says of a subscription now, read as the webhook of its last change would be. */
    static Reading snapshot(String provider, Fact fact) {
        return SubscriptionSnapshot.read(fact, answer -> answer, "id", (eventId, resource) -> {
            String status = resource.path("status").asString("");
            boolean ended = status.equals("CANCELLED") || status.equals("EXPIRED");
            String type = ended ? "BILLING.SUBSCRIPTION." + status : "BILLING.SUBSCRIPTION.UPDATED";
            Instant at = SubscriptionSnapshot.firstTime(resource, "status_update_time", "update_time", "create_time");
            return subscription(
                    NormalizedEvent.builder(provider, eventId, type, at),
                    new PaypalEvent(eventId, type, at, "subscription", resource),
                    ended ? EventType.SUBSCRIPTION_CANCELED : EventType.SUBSCRIPTION_UPDATED);
        });
    }

    static NormalizedEvent subscription(NormalizedEvent.Builder b, PaypalEvent e, EventType type) {
        Subscription s = WireJson.convert(e.resource(), Subscription.class);
        SubscriptionStatus status = status(s.status() == null ? "" : s.status());
        Instant next = s.billingInfo() == null ? null : s.billingInfo().nextBillingTime();
        return b.subscription(s.id(), new SubscriptionTerms(status, next, cancelAt(s, status, next, e), null, null))
                .order(s.customId())
                .build(type);
    }

    /** A renewal paid or denied: a payment of the subscription its billing agreement id names. */
    static NormalizedEvent sale(NormalizedEvent.Builder b, PaypalEvent e, EventType type) {
        Sale sale = WireJson.convert(e.resource(), Sale.class);
        if (sale.billingAgreementId() == null) {
            return b.build(EventType.OTHER);
        }
        String currency = sale.amount() == null ? null : sale.amount().currency();
        Long amount = sale.amount() == null || sale.amount().total() == null
                ? null
                : Money.fromMajor(sale.amount().total(), WireJson.require(currency, "amount.currency"));
        return b.payment(sale.id())
                .amount(amount, currency)
                .subscription(sale.billingAgreementId(), SubscriptionTerms.billed(null, currency))
                .build(type);
    }

    private static SubscriptionStatus status(String paypal) {
        return switch (paypal) {
            case "ACTIVE" -> SubscriptionStatus.ACTIVE;
            case "SUSPENDED" -> SubscriptionStatus.PAUSED;
            case "CANCELLED", "EXPIRED" -> SubscriptionStatus.CANCELED;
            // APPROVAL_PENDING, APPROVED: nothing is paid or granted yet
            default -> null;
        };
    }

    /** A cancellation ends the paid period at the next billing time when PayPal still names one, else at once. */
    private static Instant cancelAt(Subscription s, SubscriptionStatus status, Instant next, PaypalEvent e) {
        if (status != SubscriptionStatus.CANCELED) {
            return null;
        }
        if (next != null) {
            return next;
        }
        return s.statusUpdateTime() != null ? s.statusUpdateTime() : e.createTime();
    }
}
