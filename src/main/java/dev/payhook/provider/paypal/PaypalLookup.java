package dev.payhook.provider.paypal;

import dev.payhook.payment.EventType;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.paypal.PaypalEvent.Capture;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * A capture as PayPal's API answered (GET /v2/payments/captures/{id}) onto what Payhook knows of a
 * payment. A capture says REFUNDED when all of it went back, PARTIALLY_REFUNDED without saying how
 * much: the refunds themselves are learned from their webhooks or the event feed.
 */
final class PaypalLookup {

    private PaypalLookup() {}

    /** A refund as the refund API answered it, read like its PAYMENT.CAPTURE.REFUNDED webhook. */
    static final RefundObject.Reader REFUND_OBJECT =
            new RefundObject.Reader(RefundObject.fields("id", "update_time", "create_time"), PaypalFormat::refund);

    static PaymentSnapshot snapshot(String provider, JsonNode tree) {
        Capture c = WireJson.convert(tree, Capture.class);
        String status = WireJson.require(c.status(), "status");
        EventType payment = switch (status) {
            case "COMPLETED", "REFUNDED", "PARTIALLY_REFUNDED" -> EventType.PAYMENT_SUCCEEDED;
            case "DECLINED", "FAILED" -> EventType.PAYMENT_FAILED;
            default -> EventType.PAYMENT_PENDING;
        };
        long amount = WireJson.require(PaypalFormat.minor(c.amount()), "amount");
        String at = tree.path("update_time").isString() ? "update_time" : "create_time";
        Instant when = WireJson.offsetTime(WireJson.text(tree, at), at);
        boolean refunded = "REFUNDED".equals(status);
        return PaymentSnapshot.builder(provider, WireJson.require(c.id(), "id"), "capture." + status)
                .order(c.customId() != null ? c.customId() : c.invoiceId())
                .amount(amount, c.amount().currencyCode())
                .refunded(refunded ? amount : 0, refunded ? when : null)
                .build(payment, when);
    }
}
