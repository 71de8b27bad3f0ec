package dev.payhook.provider.dodo;

import dev.payhook.payment.EventType;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** A payment as Dodo's API answered, its refunds included, onto what Payhook knows of it. */
final class DodoLookup {

    private DodoLookup() {}

    /** A refund as Dodo's API answered it, read like its refund.succeeded / refund.failed webhook. */
    static final RefundObject.Reader REFUND_OBJECT = new RefundObject.Reader(
            RefundObject.fields("refund_id", "created_at"),
            (b, refund) -> DodoFormat.refund(
                    b,
                    refund,
                    switch (String.valueOf(WireJson.text(refund, "status"))) {
                        case "succeeded" -> EventType.REFUND_SUCCEEDED;
                        case "failed" -> EventType.REFUND_FAILED;
                        default -> EventType.OTHER;
                    }));

    static PaymentSnapshot snapshot(String provider, JsonNode body) {
        DodoWebhook.Payment p = WireJson.convert(body, DodoWebhook.Payment.class);
        String status = WireJson.require(p.status(), "status");
        EventType payment = switch (status) {
            case "succeeded" -> EventType.PAYMENT_SUCCEEDED;
            case "failed" -> EventType.PAYMENT_FAILED;
            case "cancelled" -> EventType.PAYMENT_CANCELED;
            default -> EventType.PAYMENT_PENDING;
        };
        long refunded = 0;
        Instant refundedAt = null;
        for (JsonNode node : body.path("refunds")) {
            DodoWebhook.Refund r = WireJson.convert(node, DodoWebhook.Refund.class);
            if ("succeeded".equals(r.status()) && r.amount() != null) {
                refunded += r.amount();
                Instant at = WireJson.offsetTime(WireJson.text(node, "created_at"), "refund created_at");
                refundedAt = refundedAt == null || at.isAfter(refundedAt) ? at : refundedAt;
            }
        }
        Object orderId = p.metadata() == null ? null : p.metadata().get("order_id");
        return PaymentSnapshot.builder(provider, WireJson.require(p.paymentId(), "payment_id"), "payment." + status)
                .order(orderId == null ? null : orderId.toString())
                .amount(WireJson.require(p.totalAmount(), "total_amount"), p.currency())
                .refunded(refunded, refundedAt)
                .products(
                        p.productCart() == null
                                ? List.of()
                                : p.productCart().stream()
                                        .map(DodoWebhook.CartItem::productId)
                                        .filter(Objects::nonNull)
                                        .toList())
                .build(payment, WireJson.offsetTime(WireJson.text(body, "created_at"), "created_at"));
    }
}
