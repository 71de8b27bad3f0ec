package dev.payhook.provider.razorpay;

import static dev.payhook.provider.types.Agreement.is;
import static dev.payhook.provider.types.Agreement.isNot;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.razorpay.RazorpayEvent.Dispute;
import dev.payhook.provider.razorpay.RazorpayEvent.Order;
import dev.payhook.provider.razorpay.RazorpayEvent.Payment;
import dev.payhook.provider.razorpay.RazorpayEvent.Refund;
import dev.payhook.provider.razorpay.RazorpayEvent.Wrapped;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.Agreement;
import dev.payhook.provider.types.Reader;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Razorpay's webhooks onto Payhook's events: the payment is Razorpay's payment ({@code pay_…}),
 * the merchant's order its {@code notes.order_id} (else, on {@code order.paid}, the Razorpay
 * order's). The event id is the {@code x-razorpay-event-id} header, the same on every retry.
 */
public class RazorpayFormat extends TypedFormat<RazorpayFormat.Notification> {

    /** An event of a Razorpay account and its payload, which the readers read. */
    record Notification(String provider, String eventId, RazorpayEvent event) implements Notice {

        @Override
        public NormalizedEvent.Builder builder() {
            return NormalizedEvent.builder(provider, eventId, event.event(), time(event.createdAt()))
                    .account("account-id", event.accountId());
        }
    }

    static final Map<String, Reader<Notification>> READERS = Map.of(
            "payment",
            Reader.<Notification>one(
                            Action.of(EventType.PAYMENT_SUCCEEDED, EventType.PAYMENT_FAILED, EventType.PAYMENT_PENDING),
                            (n, action) -> payment(n.builder(), n.event().payload(), action.or(EventType.OTHER)))
                    .agreeing(
                            n -> status(n.event().payload().payment()),
                            Map.of(
                                    Action.PAYMENT_SUCCEEDED, is("captured"),
                                    Action.PAYMENT_FAILED, is("failed"),
                                    Action.PAYMENT_PENDING, isNot("captured", "failed", "refunded"))),
            "refund",
            Reader.one(
                    Action.decidedAmong(EventType.REFUND_SUCCEEDED, EventType.REFUND_FAILED),
                    (n, action) ->
                            refund(n.builder(), entity(n.event().payload().refund(), "refund"), action)),
            "dispute",
            Reader.<Notification>one(
                            Action.decidedAmong(
                                    EventType.DISPUTE_OPENED, EventType.DISPUTE_WON, EventType.DISPUTE_LOST),
                            (n, action) -> dispute(n.builder(), n.event().payload(), action))
                    .agreeing(
                            n -> status(n.event().payload().dispute()),
                            Map.of(
                                    Action.DISPUTE_OPENED, isNot("won", "lost"),
                                    Action.DISPUTE_WON, is("won"),
                                    Action.DISPUTE_LOST, is("lost"))));

    /** The status of the entity the payload wraps; null when there is none or it says none. */
    private static String status(RazorpayEvent.Wrapped wrapped) {
        return wrapped == null || wrapped.entity() == null
                ? null
                : Agreement.text(wrapped.entity().path("status"));
    }

    public RazorpayFormat(TypeTables tables) {
        super("razorpay", tables, READERS);
    }

    @Override
    public Reading read(WebhookRequest request) {
        String eventId = request.header(RazorpaySignature.EVENT_ID);
        return Reading.of(
                eventId, () -> events(request.provider(), eventId, WireJson.read(request.body(), RazorpayEvent.class)));
    }

    private List<NormalizedEvent> events(String provider, String eventId, RazorpayEvent e) {
        String type = WireJson.require(e.event(), "event");
        Notification n = new Notification(provider, eventId, e);
        return events(provider, type, n, e.payload() != null);
    }

    private static NormalizedEvent payment(NormalizedEvent.Builder b, RazorpayEvent.Payload p, EventType type) {
        Payment payment = WireJson.convert(entity(p.payment(), "payment"), Payment.class);
        Order order = p.order() == null || p.order().entity() == null
                ? null
                : WireJson.convert(p.order().entity(), Order.class);
        String orderId = orderId(payment.notes());
        if (orderId == null && order != null) {
            orderId = orderId(order.notes()) != null ? orderId(order.notes()) : order.receipt();
        }
        return b.payment(payment.id())
                .order(orderId)
                .amount(payment.amount(), payment.currency())
                .build(type);
    }

    /** A refund, as the webhook carries it and the API answers it; by status: processed or failed. */
    static NormalizedEvent refund(NormalizedEvent.Builder b, JsonNode entity, Action action) {
        Refund r = WireJson.convert(entity, Refund.class);
        EventType type = action.or(
                switch (String.valueOf(r.status())) {
                    case "processed" -> EventType.REFUND_SUCCEEDED;
                    case "failed" -> EventType.REFUND_FAILED;
                    default -> EventType.OTHER;
                });
        return b.payment(r.paymentId())
                .refund(r.id())
                .amount(r.amount(), r.currency())
                .build(type);
    }

    /**
     * By status, a dispute is closed: one of the fraud phase that the merchant answered. Nothing was
     * deducted, so it is won, unless Razorpay says it deducted an amount.
     */
    private static NormalizedEvent dispute(NormalizedEvent.Builder b, RazorpayEvent.Payload p, Action action) {
        Dispute d = WireJson.convert(entity(p.dispute(), "dispute"), Dispute.class);
        Long deducted = d.amountDeducted();
        EventType type = action.or(deducted != null && deducted > 0 ? EventType.DISPUTE_LOST : EventType.DISPUTE_WON);
        return b.payment(d.paymentId()).amount(d.amount(), d.currency()).build(type);
    }

    /** The merchant's order, which Payhook asks to be put in the payment's {@code notes.order_id}. */
    static String orderId(JsonNode notes) {
        return notes == null || !notes.isObject() ? null : WireJson.text(notes, "order_id");
    }

    private static JsonNode entity(Wrapped wrapped, String name) {
        if (wrapped == null || wrapped.entity() == null || !wrapped.entity().isObject()) {
            throw new UnparseablePayload("the event carries no " + name + " entity");
        }
        return wrapped.entity();
    }

    static Instant time(Long unixSeconds) {
        return Instant.ofEpochSecond(WireJson.require(unixSeconds, "created_at"));
    }
}
