package dev.payhook.provider.paddle;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paddle.PaddleNotification.Adjustment;
import dev.payhook.provider.paddle.PaddleNotification.Transaction;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** Paddle Billing's notifications onto Payhook's events: the payment is the transaction. */
public class PaddleFormat extends SettingsFreeFormat {

    public PaddleFormat() {
        super("paddle");
    }

    @Override
    public Reading read(WebhookRequest request) {
        return readJson(
                request,
                "event_id",
                tree -> events(request.provider(), WireJson.convert(tree, PaddleNotification.class)));
    }

    private static List<NormalizedEvent> events(String provider, PaddleNotification n) {
        String type = WireJson.require(n.eventType(), "event_type");
        NormalizedEvent.Builder b = NormalizedEvent.builder(provider, n.eventId(), type, n.occurredAt());
        if (n.data() == null || n.data().isNull()) {
            return List.of(b.build(EventType.OTHER));
        }
        return List.of(
                switch (type) {
                    case "transaction.completed", "transaction.paid" -> transaction(b, n, EventType.PAYMENT_SUCCEEDED);
                    case "transaction.payment_failed" -> transaction(b, n, EventType.PAYMENT_FAILED);
                    case "transaction.canceled" -> transaction(b, n, EventType.PAYMENT_CANCELED);
                    case "adjustment.created", "adjustment.updated" -> adjustment(b, n.data());
                    case "subscription.created", "subscription.activated" ->
                        PaddleSubscriptions.subscription(b, n, EventType.SUBSCRIPTION_ACTIVATED);
                    case "subscription.updated", "subscription.trialing" ->
                        PaddleSubscriptions.subscription(b, n, EventType.SUBSCRIPTION_UPDATED);
                    case "subscription.past_due" ->
                        PaddleSubscriptions.subscription(b, n, EventType.SUBSCRIPTION_PAST_DUE);
                    case "subscription.paused" -> PaddleSubscriptions.subscription(b, n, EventType.SUBSCRIPTION_PAUSED);
                    case "subscription.resumed" ->
                        PaddleSubscriptions.subscription(b, n, EventType.SUBSCRIPTION_RESUMED);
                    case "subscription.canceled" ->
                        PaddleSubscriptions.subscription(b, n, EventType.SUBSCRIPTION_CANCELED);
                    default -> b.build(EventType.OTHER);
                });
    }

    private static NormalizedEvent transaction(NormalizedEvent.Builder b, PaddleNotification n, EventType type) {
        Transaction t = WireJson.convert(n.data(), Transaction.class);
        List<String> products = t.items() == null
                ? List.of()
                : t.items().stream()
                        .map(i -> i.price() == null ? null : i.price().productId())
                        .filter(Objects::nonNull)
                        .toList();
        PaddleNotification.Totals totals =
                t.details() == null ? null : t.details().totals();
        Long amount = totals == null
                ? null
                : Money.fromMinorString(totals.grandTotal() != null ? totals.grandTotal() : totals.total());
        if (t.subscriptionId() != null) {
            // only a renewal bills exactly one period's price; the first or a changed one bills something else
            boolean renewal =
                    "subscription_recurring".equals(t.origin()) && totals != null && totals.subtotal() != null;
            b.subscription(
                    t.subscriptionId(),
                    SubscriptionTerms.billed(
                            renewal ? Money.fromMinorString(totals.subtotal()) : null, t.currencyCode()));
        }
        return b.payment(t.id())
                .order(orderId(t.customData()))
                .products(products)
                .amount(amount, t.currencyCode())
                .build(type);
    }

    /** The merchant's order, which Payhook asks to be put in {@code custom_data.order_id}. */
    static String orderId(Map<String, Object> customData) {
        Object orderId = customData == null ? null : customData.get("order_id");
        return orderId == null ? null : orderId.toString();
    }

    /**
     * An adjustment, as the webhook carries it and the API answers it. A refund counts only once
     * Paddle approved it; chargeback adjustments are the dispute's outcome.
     */
    static NormalizedEvent adjustment(NormalizedEvent.Builder b, JsonNode data) {
        Adjustment a = WireJson.convert(data, Adjustment.class);
        String status = a.status() == null ? "" : a.status();
        EventType type = switch (a.action() == null ? "" : a.action()) {
            case "refund" ->
                switch (status) {
                    case "approved" -> EventType.REFUND_SUCCEEDED;
                    case "rejected" -> EventType.REFUND_FAILED;
                    default -> EventType.OTHER;
                };
            case "chargeback_warning" -> EventType.DISPUTE_OPENED;
            case "chargeback" -> EventType.DISPUTE_LOST;
            case "chargeback_reverse" -> EventType.DISPUTE_WON;
            default -> EventType.OTHER;
        };
        Long amount = a.totals() == null || a.totals().total() == null
                ? null
                : Money.fromMinorString(a.totals().total());
        return b.payment(a.transactionId())
                .refund(a.id())
                .amount(amount, a.currencyCode())
                .build(type);
    }
}
