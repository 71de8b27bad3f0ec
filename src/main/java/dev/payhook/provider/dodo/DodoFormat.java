package dev.payhook.provider.dodo;

import static dev.payhook.provider.types.Agreement.is;
import static dev.payhook.provider.types.Agreement.isNot;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SubscriptionTerms;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.standardwebhooks.StandardWebhooks;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Agreement;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * Dodo Payments' payloads (a Standard Webhooks sender) onto Payhook's events. The event id is the
 * {@code webhook-id} header, which Dodo keeps across retries of one message. Which type means what
 * is routes/types/dodo.yaml; here is how each kind of {@code data} is read.
 */
public class DodoFormat extends TypedFormat<DodoFormat.Notification> {

    /** A message of a Dodo business, which the readers read. */
    record Notification(String provider, String eventId, DodoWebhook body) implements Notice {

        @Override
        public NormalizedEvent.Builder builder() {
            return NormalizedEvent.builder(provider, eventId, body.type(), body.timestamp())
                    .account("business-id", body.businessId());
        }
    }

    static final Map<String, Reader<Notification>> READERS = Map.of(
            "payment",
            Reader.<Notification>one(
                            Action.paymentOutcomes(),
                            (n, action) -> payment(n.builder(), n.body(), action.or(EventType.OTHER)))
                    .agreeing(
                            DodoFormat::status,
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED, is("succeeded"),
                                    Action.PAYMENT_FAILED, isNot("succeeded"),
                                    Action.PAYMENT_PENDING, isNot("succeeded", "failed", "cancelled"),
                                    Action.PAYMENT_CANCELED, is("cancelled"))),
            "refund",
            Reader.<Notification>one(
                            Action.of(EventType.REFUND_SUCCEEDED, EventType.REFUND_FAILED),
                            (n, action) -> refund(n.builder(), n.body().data(), action.or(EventType.OTHER)))
                    .agreeing(
                            DodoFormat::status,
                            Map.of(Action.REFUND_SUCCEEDED, is("succeeded"), Action.REFUND_FAILED, isNot("succeeded"))),
            "dispute",
            Reader.<Notification>one(
                            Action.of(EventType.DISPUTE_OPENED, EventType.DISPUTE_WON, EventType.DISPUTE_LOST),
                            (n, action) -> dispute(n.builder(), n.body(), action.or(EventType.OTHER)))
                    .agreeing(
                            n -> Agreement.text(n.body().data().path("dispute_status")),
                            Map.of(
                                    Action.DISPUTE_OPENED, isNot("dispute_won", "dispute_lost"),
                                    Action.DISPUTE_WON, is("dispute_won"),
                                    Action.DISPUTE_LOST, isNot("dispute_won"))),
            "subscription",
            Reader.one(
                    Action.subscriptionChanges(),
                    (n, action) -> DodoSubscriptions.subscription(n.builder(), n.body(), action.or(EventType.OTHER))));

    /** The status the object says it has; null when it says none. */
    private static String status(Notification n) {
        return Agreement.text(n.body().data().path("status"));
    }

    public DodoFormat(TypeTables tables) {
        super("dodo", tables, READERS);
    }

    @Override
    public Reading read(WebhookRequest request) {
        String eventId = request.header(StandardWebhooks.MESSAGE_ID);
        return Reading.of(
                eventId, () -> events(request.provider(), eventId, WireJson.read(request.body(), DodoWebhook.class)));
    }

    private List<NormalizedEvent> events(String provider, String eventId, DodoWebhook body) {
        String type = WireJson.require(body.type(), "type");
        Notification n = new Notification(provider, eventId, body);
        boolean carriesObject = body.data() != null && !body.data().isNull();
        return events(provider, type, n, carriesObject);
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
