package dev.payhook.provider.stripe;

import static dev.payhook.payment.EventType.DISPUTE_LOST;
import static dev.payhook.payment.EventType.DISPUTE_OPENED;
import static dev.payhook.payment.EventType.DISPUTE_WON;
import static dev.payhook.payment.EventType.OTHER;
import static dev.payhook.payment.EventType.PAYMENT_FAILED;
import static dev.payhook.payment.EventType.PAYMENT_PENDING;
import static dev.payhook.payment.EventType.PAYMENT_SUCCEEDED;
import static dev.payhook.payment.EventType.REFUND_FAILED;
import static dev.payhook.payment.EventType.REFUND_SUCCEEDED;
import static dev.payhook.provider.types.Agreement.is;
import static dev.payhook.provider.types.Agreement.isNot;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Fact;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.Reading;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.stripe.StripeObjects.Charge;
import dev.payhook.provider.stripe.StripeObjects.CheckoutSession;
import dev.payhook.provider.stripe.StripeObjects.Dispute;
import dev.payhook.provider.stripe.StripeObjects.PaymentIntent;
import dev.payhook.provider.stripe.StripeObjects.Refund;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Agreement;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Stripe's events (https://docs.stripe.com/api/events/object) onto Payhook's: the payment is the
 * PaymentIntent. Which type means what is routes/types/stripe.yaml; here is how each kind of
 * {@code data.object} is read.
 */
public class StripeFormat extends TypedFormat<StripeFormat.Notification> {

    /** An event of a Stripe account and its {@code data.object}, which the readers read. */
    record Notification(String provider, StripeEvent event, JsonNode object) implements Notice {

        @Override
        public NormalizedEvent.Builder builder() {
            return StripeFormat.builder(provider, event, event.id());
        }
    }

    static final Map<String, Reader<Notification>> READERS = Map.of(
            "payment_intent",
            Reader.<Notification>one(
                            Action.paymentOutcomes(),
                            (n, action) -> paymentIntent(n.builder(), n.object(), action.or(OTHER)))
                    .agreeing(
                            StripeFormat::status,
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED, is("succeeded"),
                                    Action.PAYMENT_FAILED, isNot("succeeded"),
                                    Action.PAYMENT_PENDING, isNot("succeeded", "canceled"),
                                    Action.PAYMENT_CANCELED, is("canceled"))),
            "charge",
            Reader.<Notification>one(
                            Action.of(PAYMENT_SUCCEEDED, PAYMENT_FAILED, PAYMENT_PENDING),
                            (n, action) -> charge(n.builder(), n.object(), action.or(OTHER)))
                    .agreeing(
                            StripeFormat::status,
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED, is("succeeded"),
                                    Action.PAYMENT_FAILED, is("failed"),
                                    Action.PAYMENT_PENDING, is("pending"))),
            "charge_refunds",
            new Reader<>(Action.of(REFUND_SUCCEEDED), (n, action) -> chargeRefunds(n)),
            "refund",
            Reader.one(Set.of(Action.BY_STATUS), (n, action) -> refund(n.builder(), n.object())),
            "dispute",
            Reader.<Notification>one(
                            Action.decidedAmong(DISPUTE_OPENED, DISPUTE_WON, DISPUTE_LOST),
                            (n, action) -> dispute(n.builder(), n.object(), action))
                    .agreeing(
                            StripeFormat::status,
                            Map.of(
                                    Action.DISPUTE_OPENED, isNot("won", "lost"),
                                    Action.DISPUTE_WON, is("won"),
                                    Action.DISPUTE_LOST, is("lost"))),
            "checkout_session",
            Reader.one(Action.of(PAYMENT_SUCCEEDED), (n, action) -> checkout(n.builder(), n.object())),
            "subscription",
            Reader.one(
                    Action.subscriptionChanges(),
                    (n, action) -> StripeSubscriptions.subscription(n.builder(), n.object(), action.or(OTHER))),
            "invoice",
            Reader.<Notification>one(
                            Action.of(PAYMENT_SUCCEEDED, PAYMENT_FAILED),
                            (n, action) -> StripeSubscriptions.invoice(n.builder(), n.object(), action.or(OTHER)))
                    .agreeing(
                            StripeFormat::status,
                            Map.of(Action.PAYMENT_SUCCEEDED, is("paid"), Action.PAYMENT_FAILED, isNot("paid"))));

    /** The status {@code data.object} says it has; null when it says none. */
    private static String status(Notification n) {
        return Agreement.text(n.object().path("status"));
    }

    public StripeFormat(TypeTables tables) {
        super("stripe", tables, READERS);
    }

    @Override
    public Reading read(WebhookRequest request) {
        return readJson(
                request,
                "id",
                tree -> StripeThinEvents.isThin(tree)
                        ? StripeThinEvents.unfetched(request.provider(), tree)
                        : events(request.provider(), WireJson.convert(tree, StripeEvent.class)));
    }

    @Override
    public Optional<ObjectRef> namesObject(WebhookRequest request) {
        return StripeThinEvents.named(request);
    }

    @Override
    public Reading readFetched(WebhookRequest notification, Fact fetched) {
        return readJson(
                notification,
                "id",
                tree -> events(notification.provider(), StripeThinEvents.asEvent(tree, WireJson.tree(fetched.body()))));
    }

    private List<NormalizedEvent> events(String provider, StripeEvent event) {
        String type = WireJson.require(event.type(), "type");
        JsonNode object = event.data() == null ? null : event.data().object();
        Notification n = new Notification(provider, event, object);
        boolean carriesObject = object != null && !object.isNull() && !object.isMissingNode();
        return events(provider, type, n, carriesObject);
    }

    /** What every event of this envelope carries: its time, its live flag and the account it is for. */
    private static NormalizedEvent.Builder builder(String provider, StripeEvent event, String eventId) {
        return NormalizedEvent.builder(
                        provider,
                        eventId,
                        event.type(),
                        event.created() == null ? null : Instant.ofEpochSecond(event.created()))
                .livemode(event.livemode())
                .account("account", event.account())
                .connectedAccount(event.account());
    }

    private static NormalizedEvent paymentIntent(NormalizedEvent.Builder b, JsonNode object, EventType type) {
        PaymentIntent pi = WireJson.convert(object, PaymentIntent.class);
        long amount = type == PAYMENT_SUCCEEDED && pi.amountReceived() != null && pi.amountReceived() > 0
                ? pi.amountReceived()
                : WireJson.require(pi.amount(), "amount");
        return b.payment(pi.id())
                .order(orderId(pi.metadata()))
                .products(products(pi.metadata()))
                .amount(amount, pi.currency())
                .build(type);
    }

    private static NormalizedEvent charge(NormalizedEvent.Builder b, JsonNode object, EventType type) {
        Charge ch = WireJson.convert(object, Charge.class);
        return b.payment(paymentOf(ch.paymentIntent(), ch.id()))
                .order(orderId(ch.metadata()))
                .products(products(ch.metadata()))
                .amount(WireJson.require(ch.amount(), "amount"), ch.currency())
                .build(type);
    }

    /**
     * charge.refunded names each refund when the API version still embeds them; each becomes a refund
     * event keyed by its refund id, so refund.created for the same refund is not counted twice.
     */
    private static List<NormalizedEvent> chargeRefunds(Notification n) {
        String provider = n.provider();
        StripeEvent event = n.event();
        Charge ch = WireJson.convert(n.object(), Charge.class);
        List<Refund> refunds = ch.refunds() == null || ch.refunds().data() == null
                ? List.of()
                : ch.refunds().data();
        String payment = paymentOf(ch.paymentIntent(), ch.id());
        List<NormalizedEvent> events = new ArrayList<>();
        for (Refund r : refunds) {
            if ("succeeded".equals(r.status()) || r.status() == null) {
                events.add(builder(provider, event, event.id() + "/" + r.id())
                        .payment(payment)
                        .refund(r.id())
                        .amount(
                                WireJson.require(r.amount(), "refund amount"),
                                r.currency() == null ? ch.currency() : r.currency())
                        .build(REFUND_SUCCEEDED));
            }
        }
        if (events.isEmpty()) {
            // Newer API versions omit the list: the cumulative amount_refunded is the fact carried.
            events.add(builder(provider, event, event.id())
                    .payment(payment)
                    .amount(WireJson.require(ch.amountRefunded(), "amount_refunded"), ch.currency())
                    .build(REFUND_SUCCEEDED));
        }
        return events;
    }

    /** Only the refund's status says whether money went back: a table cannot say it for it. */
    static NormalizedEvent refund(NormalizedEvent.Builder b, JsonNode object) {
        Refund r = WireJson.convert(object, Refund.class);
        EventType type = switch (r.status() == null ? "" : r.status()) {
            case "succeeded" -> REFUND_SUCCEEDED;
            case "failed", "canceled" -> REFUND_FAILED;
            default -> OTHER;
        };
        return b.payment(paymentOf(r.paymentIntent(), r.charge()))
                .refund(r.id())
                .amount(r.amount(), r.currency())
                .build(type);
    }

    /** By status, a dispute is decided once closed: won or lost; any other status says nothing yet. */
    private static NormalizedEvent dispute(NormalizedEvent.Builder b, JsonNode object, Action action) {
        Dispute d = WireJson.convert(object, Dispute.class);
        EventType type = action.or(
                switch (d.status() == null ? "" : d.status()) {
                    case "won" -> DISPUTE_WON;
                    case "lost" -> DISPUTE_LOST;
                    default -> OTHER;
                });
        return b.payment(paymentOf(d.paymentIntent(), d.charge()))
                .amount(d.amount(), d.currency())
                .build(type);
    }

    private static NormalizedEvent checkout(NormalizedEvent.Builder b, JsonNode object) {
        CheckoutSession s = WireJson.convert(object, CheckoutSession.class);
        if (!"paid".equals(s.paymentStatus()) || s.paymentIntent() == null) {
            return b.build(OTHER);
        }
        String order = s.clientReferenceId() != null ? s.clientReferenceId() : orderId(s.metadata());
        return b.payment(s.paymentIntent())
                .order(order)
                .amount(s.amountTotal(), s.currency())
                .build(PAYMENT_SUCCEEDED);
    }

    /** A payment is known by its PaymentIntent when it has one, as refunds and disputes name it. */
    private static String paymentOf(String paymentIntent, String charge) {
        return paymentIntent != null ? paymentIntent : charge;
    }

    static String orderId(Map<String, String> metadata) {
        return metadata == null ? null : metadata.get("order_id");
    }

    /** Payment objects carry no line items: the merchant names the product in metadata, by product or price id. */
    private static List<String> products(Map<String, String> metadata) {
        if (metadata == null) {
            return List.of();
        }
        String ref = metadata.get("product_id") != null ? metadata.get("product_id") : metadata.get("price_id");
        return ref == null || ref.isBlank() ? List.of() : List.of(ref);
    }
}
