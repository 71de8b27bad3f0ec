package dev.payhook.provider.razorpay;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.razorpay.RazorpayEvent.Dispute;
import dev.payhook.provider.razorpay.RazorpayEvent.Order;
import dev.payhook.provider.razorpay.RazorpayEvent.Payment;
import dev.payhook.provider.razorpay.RazorpayEvent.Refund;
import dev.payhook.provider.razorpay.RazorpayEvent.Wrapped;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Razorpay's webhooks onto Payhook's events: the payment is Razorpay's payment ({@code pay_…}),
 * the merchant's order its {@code notes.order_id} (else, on {@code order.paid}, the Razorpay
 * order's). The event id is the {@code x-razorpay-event-id} header, the same on every retry.
 */
public class RazorpayFormat extends SettingsFreeFormat {

    public RazorpayFormat() {
        super("razorpay");
    }

    @Override
    public Reading read(WebhookRequest request) {
        String eventId = request.header(RazorpaySignature.EVENT_ID);
        return Reading.of(
                eventId,
                () -> List.of(event(request.provider(), eventId, WireJson.read(request.body(), RazorpayEvent.class))));
    }

    private static NormalizedEvent event(String provider, String eventId, RazorpayEvent e) {
        String type = WireJson.require(e.event(), "event");
        NormalizedEvent.Builder b = NormalizedEvent.builder(provider, eventId, type, time(e.createdAt()))
                .account("account-id", e.accountId());
        RazorpayEvent.Payload p = e.payload();
        if (p == null) {
            return b.build(EventType.OTHER);
        }
        return switch (type) {
            case "payment.captured", "order.paid" -> payment(b, p, EventType.PAYMENT_SUCCEEDED);
            case "payment.failed" -> payment(b, p, EventType.PAYMENT_FAILED);
            case "payment.authorized", "payment.pending" -> payment(b, p, EventType.PAYMENT_PENDING);
            case "refund.processed" -> refund(b, entity(p.refund(), "refund"), EventType.REFUND_SUCCEEDED);
            case "refund.failed" -> refund(b, entity(p.refund(), "refund"), EventType.REFUND_FAILED);
            case "payment.dispute.created", "payment.dispute.under_review", "payment.dispute.action_required" ->
                dispute(b, p, EventType.DISPUTE_OPENED);
            case "payment.dispute.won" -> dispute(b, p, EventType.DISPUTE_WON);
            case "payment.dispute.lost" -> dispute(b, p, EventType.DISPUTE_LOST);
            case "payment.dispute.closed" -> dispute(b, p, closed(entity(p.dispute(), "dispute")));
            default -> b.build(EventType.OTHER);
        };
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

    /** A refund, as the webhook carries it and the API answers it. */
    static NormalizedEvent refund(NormalizedEvent.Builder b, JsonNode entity, EventType type) {
        Refund r = WireJson.convert(entity, Refund.class);
        return b.payment(r.paymentId())
                .refund(r.id())
                .amount(r.amount(), r.currency())
                .build(type);
    }

    private static NormalizedEvent dispute(NormalizedEvent.Builder b, RazorpayEvent.Payload p, EventType type) {
        Dispute d = WireJson.convert(entity(p.dispute(), "dispute"), Dispute.class);
        return b.payment(d.paymentId()).amount(d.amount(), d.currency()).build(type);
    }

    /**
     * A dispute closed is one of the fraud phase that the merchant answered: nothing was deducted,
     * so it is won, unless Razorpay says it deducted an amount.
     */
    private static EventType closed(JsonNode dispute) {
        Long deducted = WireJson.convert(dispute, Dispute.class).amountDeducted();
        return deducted != null && deducted > 0 ? EventType.DISPUTE_LOST : EventType.DISPUTE_WON;
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
