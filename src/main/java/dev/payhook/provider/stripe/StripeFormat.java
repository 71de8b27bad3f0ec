package dev.payhook.provider.stripe;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Fact;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.stripe.StripeObjects.Charge;
import dev.payhook.provider.stripe.StripeObjects.CheckoutSession;
import dev.payhook.provider.stripe.StripeObjects.Dispute;
import dev.payhook.provider.stripe.StripeObjects.PaymentIntent;
import dev.payhook.provider.stripe.StripeObjects.Refund;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** Stripe's events (https://docs.stripe.com/api/events/object) onto Payhook's: the payment is the PaymentIntent. */
public class StripeFormat extends SettingsFreeFormat {

    public StripeFormat() {
        super("stripe");
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

    private static List<NormalizedEvent> events(String provider, StripeEvent event) {
        String type = WireJson.require(event.type(), "type");
        NormalizedEvent.Builder b = builder(provider, event, event.id());
        JsonNode object = event.data() == null ? null : event.data().object();
        if (object == null || object.isNull() || object.isMissingNode()) {
            return List.of(b.build(EventType.OTHER));
        }
        return switch (type) {
            case "payment_intent.succeeded" -> List.of(paymentIntent(b, object, EventType.PAYMENT_SUCCEEDED));
            case "payment_intent.payment_failed" -> List.of(paymentIntent(b, object, EventType.PAYMENT_FAILED));
            case "payment_intent.processing" -> List.of(paymentIntent(b, object, EventType.PAYMENT_PENDING));
            case "payment_intent.canceled" -> List.of(paymentIntent(b, object, EventType.PAYMENT_CANCELED));
            case "charge.succeeded" -> List.of(charge(b, object, EventType.PAYMENT_SUCCEEDED));
            case "charge.failed" -> List.of(charge(b, object, EventType.PAYMENT_FAILED));
            case "charge.pending" -> List.of(charge(b, object, EventType.PAYMENT_PENDING));
            case "charge.refunded" -> chargeRefunds(provider, event, object);
            case "refund.created", "refund.updated", "charge.refund.updated" -> List.of(refund(b, object));
            case "charge.dispute.created" -> List.of(dispute(b, object, EventType.DISPUTE_OPENED));
            case "charge.dispute.closed" -> List.of(disputeClosed(b, object));
            case "checkout.session.completed", "checkout.session.async_payment_succeeded" ->
                List.of(checkout(b, object));
            case "customer.subscription.created",
                    "customer.subscription.updated",
                    "customer.subscription.deleted",
                    "customer.subscription.paused",
                    "customer.subscription.resumed" -> List.of(StripeSubscriptions.subscription(b, object, type));
            // invoice.payment_succeeded is sent beside invoice.paid for the same invoice: one is enough
            case "invoice.paid" -> List.of(StripeSubscriptions.invoice(b, object, EventType.PAYMENT_SUCCEEDED));
            case "invoice.payment_failed" -> List.of(StripeSubscriptions.invoice(b, object, EventType.PAYMENT_FAILED));
            default -> List.of(b.build(EventType.OTHER));
        };
    }

    /** What every event of this envelope carries: its time, its live flag and the account it is for. */
    private static NormalizedEvent.Builder builder(String provider, StripeEvent event, String eventId) {
        return NormalizedEvent.builder(
                        provider,
                        eventId,
                        event.type(),
                        event.created() == null ? null : Instant.ofEpochSecond(event.created()))
                .livemode(event.livemode())
                .account("account", event.account());
    }

    private static NormalizedEvent paymentIntent(NormalizedEvent.Builder b, JsonNode object, EventType type) {
        PaymentIntent pi = WireJson.convert(object, PaymentIntent.class);
        long amount = type == EventType.PAYMENT_SUCCEEDED && pi.amountReceived() != null && pi.amountReceived() > 0
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
    private static List<NormalizedEvent> chargeRefunds(String provider, StripeEvent event, JsonNode object) {
        Charge ch = WireJson.convert(object, Charge.class);
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
                        .build(EventType.REFUND_SUCCEEDED));
            }
        }
        if (events.isEmpty()) {
            // Newer API versions omit the list: the cumulative amount_refunded is the fact carried.
            events.add(builder(provider, event, event.id())
                    .payment(payment)
                    .amount(WireJson.require(ch.amountRefunded(), "amount_refunded"), ch.currency())
                    .build(EventType.REFUND_SUCCEEDED));
        }
        return events;
    }

    static NormalizedEvent refund(NormalizedEvent.Builder b, JsonNode object) {
        Refund r = WireJson.convert(object, Refund.class);
        EventType type = switch (r.status() == null ? "" : r.status()) {
            case "succeeded" -> EventType.REFUND_SUCCEEDED;
            case "failed", "canceled" -> EventType.REFUND_FAILED;
            default -> EventType.OTHER;
        };
        return b.payment(paymentOf(r.paymentIntent(), r.charge()))
                .refund(r.id())
                .amount(r.amount(), r.currency())
                .build(type);
    }

    private static NormalizedEvent dispute(NormalizedEvent.Builder b, JsonNode object, EventType type) {
        Dispute d = WireJson.convert(object, Dispute.class);
        return b.payment(paymentOf(d.paymentIntent(), d.charge()))
                .amount(d.amount(), d.currency())
                .build(type);
    }

    private static NormalizedEvent disputeClosed(NormalizedEvent.Builder b, JsonNode object) {
        Dispute d = WireJson.convert(object, Dispute.class);
        EventType type = switch (d.status() == null ? "" : d.status()) {
            case "won" -> EventType.DISPUTE_WON;
            case "lost" -> EventType.DISPUTE_LOST;
            default -> EventType.OTHER;
        };
        return dispute(b, object, type);
    }

    private static NormalizedEvent checkout(NormalizedEvent.Builder b, JsonNode object) {
        CheckoutSession s = WireJson.convert(object, CheckoutSession.class);
        if (!"paid".equals(s.paymentStatus()) || s.paymentIntent() == null) {
            return b.build(EventType.OTHER);
        }
        String order = s.clientReferenceId() != null ? s.clientReferenceId() : orderId(s.metadata());
        return b.payment(s.paymentIntent())
                .order(order)
                .amount(s.amountTotal(), s.currency())
                .build(EventType.PAYMENT_SUCCEEDED);
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
