package dev.payhook.provider.razorpay;

import dev.payhook.payment.EventType;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.razorpay.RazorpayEvent.Order;
import dev.payhook.provider.razorpay.RazorpayEvent.Payment;
import dev.payhook.provider.razorpay.RazorpayEvent.Refund;
import dev.payhook.provider.types.Action;
import tools.jackson.databind.JsonNode;

/**
 * A payment as Razorpay's API answered it onto what Payhook knows of it: {@code captured} and
 * {@code refunded} are paid (the refunded total is {@code amount_refunded}), {@code failed} failed,
 * {@code created} and {@code authorized} not settled yet.
 */
final class RazorpayLookup {

    private RazorpayLookup() {}

    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        Payment p = WireJson.convert(fact.path("payment"), Payment.class);
        String status = WireJson.require(p.status(), "status");
        EventType payment = switch (status) {
            case "captured", "refunded" -> EventType.PAYMENT_SUCCEEDED;
            case "failed" -> EventType.PAYMENT_FAILED;
            default -> EventType.PAYMENT_PENDING;
        };
        String orderId = RazorpayFormat.orderId(p.notes());
        JsonNode order = fact.path("order");
        if (orderId == null && order.isObject()) {
            Order o = WireJson.convert(order, Order.class);
            orderId = RazorpayFormat.orderId(o.notes()) != null ? RazorpayFormat.orderId(o.notes()) : o.receipt();
        }
        return PaymentSnapshot.builder(provider, WireJson.require(p.id(), "id"), "payment." + status)
                .order(orderId)
                .amount(WireJson.require(p.amount(), "amount"), p.currency())
                .refunded(p.amountRefunded() == null ? 0 : p.amountRefunded(), null)
                .build(payment, RazorpayFormat.time(p.createdAt()));
    }

    /** A refund as Razorpay's API answered it, read like its refund.processed / refund.failed webhook. */
    static final RefundObject.Reader REFUND_OBJECT = new RefundObject.Reader(
            refund -> {
                Refund r = WireJson.convert(refund, Refund.class);
                return new RefundObject(r.id(), r.status(), RazorpayFormat.time(r.createdAt()));
            },
            (b, refund) -> RazorpayFormat.refund(b, refund, Action.BY_STATUS));
}
