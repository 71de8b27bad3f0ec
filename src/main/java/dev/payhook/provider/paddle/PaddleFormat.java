package dev.payhook.provider.paddle;

import static dev.payhook.provider.types.Agreement.is;
import static dev.payhook.provider.types.Agreement.isNot;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paddle.PaddleNotification.Adjustment;
import dev.payhook.provider.paddle.PaddleNotification.Transaction;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Agreement;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Paddle Billing's notifications onto Payhook's events: the payment is the transaction. Which type
 * means what is routes/types/paddle.yaml; here is how each kind of {@code data} is read.
 */
public class PaddleFormat extends TypedFormat<PaddleFormat.Notification> {

    /** A notification of a Paddle account, which the readers read. */
    record Notification(String provider, PaddleNotification body) implements Notice {

        @Override
        public NormalizedEvent.Builder builder() {
            return NormalizedEvent.builder(provider, body.eventId(), body.eventType(), body.occurredAt());
        }
    }

    static final Map<String, Reader<Notification>> READERS = Map.of(
            "transaction",
            Reader.<Notification>one(
                            Action.paymentOutcomes(),
                            (n, action) -> transaction(n.builder(), n.body(), action.or(EventType.OTHER)))
                    .agreeing(
                            n -> Agreement.text(n.body().data().path("status")),
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED, is("paid", "completed"),
                                    Action.PAYMENT_FAILED, isNot("paid", "completed"),
                                    Action.PAYMENT_PENDING, isNot("paid", "completed", "canceled"),
                                    Action.PAYMENT_CANCELED, is("canceled"))),
            "adjustment",
            Reader.one(
                    Set.of(Action.BY_STATUS),
                    (n, action) -> adjustment(n.builder(), n.body().data())),
            "subscription",
            Reader.one(
                    Action.subscriptionChanges(),
                    (n, action) ->
                            PaddleSubscriptions.subscription(n.builder(), n.body(), action.or(EventType.OTHER))));

    public PaddleFormat(TypeTables tables) {
        super("paddle", tables, READERS);
    }

    @Override
    public Reading read(WebhookRequest request) {
        return readJson(
                request,
                "event_id",
                tree -> events(request.provider(), WireJson.convert(tree, PaddleNotification.class)));
    }

    private List<NormalizedEvent> events(String provider, PaddleNotification body) {
        String type = WireJson.require(body.eventType(), "event_type");
        Notification n = new Notification(provider, body);
        boolean carriesObject = body.data() != null && !body.data().isNull();
        return events(provider, type, n, carriesObject);
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
     * An adjustment, as the webhook carries it and the API answers it; its action and status decide,
     * never a table: a refund counts only once Paddle approved it; chargeback adjustments are the
     * dispute's outcome.
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
