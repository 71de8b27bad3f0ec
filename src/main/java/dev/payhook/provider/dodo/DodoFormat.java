package dev.payhook.provider.dodo;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.standardwebhooks.StandardWebhooks;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * Dodo Payments' payloads (a Standard Webhooks sender) onto Payhook's events. The event id is the
 * {@code webhook-id} header, which Dodo keeps across retries of one message.
 */
public class DodoFormat extends SettingsFreeFormat {

    public DodoFormat() {
        super("dodo");
    }

    @Override
    public Reading read(WebhookRequest request) {
        String eventId = request.header(StandardWebhooks.MESSAGE_ID);
        return Reading.of(
                eventId, () -> events(request.provider(), eventId, WireJson.read(request.body(), DodoWebhook.class)));
    }

    private static List<NormalizedEvent> events(String provider, String eventId, DodoWebhook w) {
        String type = WireJson.require(w.type(), "type");
        NormalizedEvent.Builder b =
                NormalizedEvent.builder(provider, eventId, type, w.timestamp()).account("business-id", w.businessId());
        if (w.data() == null || w.data().isNull()) {
            return List.of(b.build(EventType.OTHER));
        }
        return List.of(
                switch (type) {
                    case "payment.succeeded" -> payment(b, w, EventType.PAYMENT_SUCCEEDED);
                    case "payment.failed" -> payment(b, w, EventType.PAYMENT_FAILED);
                    case "payment.processing" -> payment(b, w, EventType.PAYMENT_PENDING);
                    case "payment.cancelled" -> payment(b, w, EventType.PAYMENT_CANCELED);
                    case "refund.succeeded" -> refund(b, w.data(), EventType.REFUND_SUCCEEDED);
                    case "refund.failed" -> refund(b, w.data(), EventType.REFUND_FAILED);
                    case "dispute.opened" -> dispute(b, w, EventType.DISPUTE_OPENED);
                    case "dispute.won" -> dispute(b, w, EventType.DISPUTE_WON);
                    case "dispute.lost", "dispute.accepted" -> dispute(b, w, EventType.DISPUTE_LOST);
                    case "subscription.active" ->
                        DodoSubscriptions.subscription(b, w, EventType.SUBSCRIPTION_ACTIVATED);
                    case "subscription.updated", "subscription.plan_changed", "subscription.renewed" ->
                        DodoSubscriptions.subscription(b, w, EventType.SUBSCRIPTION_UPDATED);
                    case "subscription.on_hold" ->
                        DodoSubscriptions.subscription(b, w, EventType.SUBSCRIPTION_PAST_DUE);
                    case "subscription.paused" -> DodoSubscriptions.subscription(b, w, EventType.SUBSCRIPTION_PAUSED);
                    case "subscription.cancelled", "subscription.failed", "subscription.expired" ->
                        DodoSubscriptions.subscription(b, w, EventType.SUBSCRIPTION_CANCELED);
                    default -> b.build(EventType.OTHER);
                });
    }

    private static NormalizedEvent payment(NormalizedEvent.Builder b, DodoWebhook w, EventType type) {
        DodoWebhook.Payment p = WireJson.convert(w.data(), DodoWebhook.Payment.class);
        List<String> products = p.productCart() == null
                ? List.of()
                : p.productCart().stream()
                        .map(DodoWebhook.CartItem::productId)
                        .filter(Objects::nonNull)
                        .toList();
        if (p.subscriptionId() != null) {
            // a discounted charge bills less than the price on purpose
            Long billed = p.discountId() != null || p.totalAmount() == null
                    ? null
                    : p.totalAmount() - (p.tax() == null ? 0 : p.tax());
            b.subscription(p.subscriptionId(), SubscriptionTerms.billed(billed, p.currency()));
        }
        return b.payment(p.paymentId())
                .order(orderId(p.metadata()))
                .products(products)
                .amount(p.totalAmount(), p.currency())
                .build(type);
    }

    /** The merchant's order, which Payhook asks to be put in {@code metadata.order_id}. */
    static String orderId(Map<String, Object> metadata) {
        Object orderId = metadata == null ? null : metadata.get("order_id");
        return orderId == null ? null : orderId.toString();
    }

    /** A refund, as the webhook carries it and the API answers it. */
    static NormalizedEvent refund(NormalizedEvent.Builder b, JsonNode data, EventType type) {
        DodoWebhook.Refund r = WireJson.convert(data, DodoWebhook.Refund.class);
        return b.payment(r.paymentId())
                .refund(r.refundId())
                .amount(r.amount(), r.currency())
                .build(type);
    }

    private static NormalizedEvent dispute(NormalizedEvent.Builder b, DodoWebhook w, EventType type) {
        DodoWebhook.Dispute d = WireJson.convert(w.data(), DodoWebhook.Dispute.class);
        Long amount = d.amount() == null ? null : Money.fromMinorString(d.amount());
        return b.payment(d.paymentId()).amount(amount, d.currency()).build(type);
    }
}
