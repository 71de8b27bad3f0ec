package dev.payhook.provider.stripe;

import dev.payhook.payment.EventType;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.provider.Fact;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SubscriptionSnapshot;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.stripe.StripeObjects.Invoice;
import dev.payhook.provider.stripe.StripeObjects.Subscription;
import dev.payhook.provider.stripe.StripeObjects.SubscriptionDetails;
import dev.payhook.provider.stripe.StripeObjects.SubscriptionItem;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * Stripe's subscriptions (https://docs.stripe.com/api/subscriptions/object) and the invoices that bill
 * them onto Payhook's events: a subscription event carries its status, period, cancellation and price;
 * a paid or failed invoice of a subscription is a payment of it.
 */
final class StripeSubscriptions {

    /** A subscription object as {@code GET /v1/subscriptions/{id}} answers it. */
    static final String SUBSCRIPTION = "stripe.subscription";

    private StripeSubscriptions() {}

    /**
     * What Stripe says of a subscription now, read as the webhook of its last change would be: the
     * deletion once canceled, else an update; dated by its end, its cancellation, else its creation,
     * so a later webhook still orders after it.
     */
    static Reading snapshot(String provider, Fact fact) {
        return SubscriptionSnapshot.read(fact, answer -> answer, "id", (eventId, object) -> {
            Subscription s = WireJson.convert(object, Subscription.class);
            boolean canceled = "canceled".equals(s.status());
            String type = canceled ? "customer.subscription.deleted" : "customer.subscription.updated";
            Long at = firstOf(s.endedAt(), s.canceledAt(), s.created());
            NormalizedEvent.Builder b = NormalizedEvent.builder(
                            provider, eventId, type, at == null ? null : Instant.ofEpochSecond(at))
                    .livemode(
                            object.path("livemode").isBoolean()
                                    ? object.path("livemode").asBoolean()
                                    : null);
            return subscription(b, object, canceled ? EventType.SUBSCRIPTION_CANCELED : EventType.SUBSCRIPTION_UPDATED);
        });
    }

    /** A subscription object; an activation only once Stripe says it is active or trialing (not incomplete). */
    static NormalizedEvent subscription(NormalizedEvent.Builder b, JsonNode object, EventType meant) {
        Subscription s = WireJson.convert(object, Subscription.class);
        SubscriptionStatus status = status(WireJson.require(s.status(), "status"));
        EventType type = meant == EventType.SUBSCRIPTION_ACTIVATED
                        && status != SubscriptionStatus.ACTIVE
                        && status != SubscriptionStatus.TRIALING
                ? EventType.SUBSCRIPTION_UPDATED
                : meant;
        Instant periodEnd = periodEnd(s);
        List<SubscriptionItem> items = s.items() == null || s.items().data() == null
                ? List.of()
                : s.items().data();
        return b.subscription(
                        s.id(),
                        new SubscriptionTerms(
                                status, periodEnd, cancelAt(s, status, periodEnd), price(items), currency(s, items)))
                .order(StripeFormat.orderId(s.metadata()))
                .build(type);
    }

    /** {@code invoice.paid} / {@code invoice.payment_failed}: only a subscription's invoice is a payment Payhook follows. */
    static NormalizedEvent invoice(NormalizedEvent.Builder b, JsonNode object, EventType type) {
        Invoice in = WireJson.convert(object, Invoice.class);
        SubscriptionDetails details = in.parent() != null && in.parent().subscriptionDetails() != null
                ? in.parent().subscriptionDetails()
                : in.subscriptionDetails();
        String subscription =
                in.subscription() != null ? in.subscription() : details == null ? null : details.subscription();
        if (subscription == null) {
            return b.build(EventType.OTHER);
        }
        long amount =
                WireJson.require(type == EventType.PAYMENT_SUCCEEDED ? in.amountPaid() : in.amountDue(), "amount");
        // only a plain renewal bills exactly the price; a first invoice or a proration bills something else
        boolean renewal = "subscription_cycle".equals(in.billingReason());
        return b.payment(in.paymentIntent() != null ? in.paymentIntent() : in.id())
                .order(details == null ? null : StripeFormat.orderId(details.metadata()))
                .amount(amount, in.currency())
                .subscription(subscription, SubscriptionTerms.billed(renewal ? in.subtotal() : null, in.currency()))
                .build(type);
    }

    private static SubscriptionStatus status(String stripe) {
        return switch (stripe) {
            case "trialing" -> SubscriptionStatus.TRIALING;
            case "active" -> SubscriptionStatus.ACTIVE;
            // unpaid: retries exhausted, still in place; the grace since the first failure applies
            case "past_due", "unpaid" -> SubscriptionStatus.PAST_DUE;
            case "paused" -> SubscriptionStatus.PAUSED;
            case "canceled", "incomplete_expired" -> SubscriptionStatus.CANCELED;
            // incomplete: the first payment is still outstanding, nothing is granted or taken back
            default -> null;
        };
    }

    private static Instant periodEnd(Subscription s) {
        if (s.currentPeriodEnd() != null) {
            return Instant.ofEpochSecond(s.currentPeriodEnd());
        }
        return s.items() == null || s.items().data() == null
                ? null
                : s.items().data().stream()
                        .map(SubscriptionItem::currentPeriodEnd)
                        .filter(Objects::nonNull)
                        .max(Long::compare)
                        .map(Instant::ofEpochSecond)
                        .orElse(null);
    }

    /** When the cancellation takes effect: when it ended once canceled, else the scheduled end if any. */
    private static Instant cancelAt(Subscription s, SubscriptionStatus status, Instant periodEnd) {
        Long at = status == SubscriptionStatus.CANCELED
                ? firstOf(s.endedAt(), s.cancelAt(), s.canceledAt())
                : s.cancelAt();
        if (at != null) {
            return Instant.ofEpochSecond(at);
        }
        return Boolean.TRUE.equals(s.cancelAtPeriodEnd()) ? periodEnd : null;
    }

    private static Long firstOf(Long... values) {
        for (Long v : values) {
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** The pre-tax price of one period: every item's unit amount times its quantity, when all are known. */
    private static Long price(List<SubscriptionItem> items) {
        long total = 0;
        for (SubscriptionItem i : items) {
            if (i.price() == null || i.price().unitAmount() == null) {
                return null;
            }
            total = Math.addExact(
                    total, Math.multiplyExact(i.price().unitAmount(), i.quantity() == null ? 1 : i.quantity()));
        }
        return items.isEmpty() ? null : total;
    }

    private static String currency(Subscription s, List<SubscriptionItem> items) {
        if (s.currency() != null) {
            return s.currency();
        }
        return items.stream()
                .map(i -> i.price() == null ? null : i.price().currency())
                .filter(Objects::nonNull)
                .findFirst()
                .orElse(null);
    }
}
