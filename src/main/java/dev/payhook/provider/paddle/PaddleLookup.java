package dev.payhook.provider.paddle;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paddle.PaddleNotification.Adjustment;
import dev.payhook.provider.paddle.PaddleNotification.Transaction;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** A transaction and its adjustments, as Paddle's API answered, onto what Payhook knows of a payment. */
final class PaddleLookup {

    private PaddleLookup() {}

    /** An adjustment as the adjustments API answered it, read like its adjustment.updated webhook. */
    static final RefundObject.Reader REFUND_OBJECT =
            new RefundObject.Reader(RefundObject.fields("id", "updated_at"), PaddleFormat::adjustment);

    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        JsonNode data = fact.path("transaction").path("data");
        Transaction t = WireJson.convert(data, Transaction.class);
        String status = WireJson.require(t.status(), "status");
        EventType payment = switch (status) {
            case "paid", "completed" -> EventType.PAYMENT_SUCCEEDED;
            case "canceled" -> EventType.PAYMENT_CANCELED;
            case "past_due" -> EventType.PAYMENT_FAILED;
            default -> EventType.PAYMENT_PENDING;
        };
        PaddleNotification.Totals totals =
                WireJson.require(t.details() == null ? null : t.details().totals(), "details.totals");
        long amount = Money.fromMinorString(totals.grandTotal() != null ? totals.grandTotal() : totals.total());
        long refunded = 0;
        Instant refundedAt = null;
        for (JsonNode node : fact.path("adjustments").path("data")) {
            Adjustment a = WireJson.convert(node, Adjustment.class);
            if ("refund".equals(a.action()) && "approved".equals(a.status()) && a.totals() != null) {
                refunded += Money.fromMinorString(a.totals().total());
                Instant at = WireJson.offsetTime(WireJson.text(node, "updated_at"), "adjustment updated_at");
                refundedAt = refundedAt == null || at.isAfter(refundedAt) ? at : refundedAt;
            }
        }
        Object orderId = t.customData() == null ? null : t.customData().get("order_id");
        String at = data.path("billed_at").isString() ? "billed_at" : "created_at";
        return PaymentSnapshot.builder(provider, WireJson.require(t.id(), "id"), "transaction." + status)
                .order(orderId == null ? null : orderId.toString())
                .amount(amount, t.currencyCode())
                .refunded(refunded, refundedAt)
                .products(
                        t.items() == null
                                ? List.of()
                                : t.items().stream()
                                        .map(i -> i.price() == null
                                                ? null
                                                : i.price().productId())
                                        .filter(Objects::nonNull)
                                        .toList())
                .build(payment, WireJson.offsetTime(WireJson.text(data, at), at));
    }
}
