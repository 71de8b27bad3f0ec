package dev.payhook.provider.stripe;

import dev.payhook.payment.EventType;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import dev.payhook.provider.stripe.StripeObjects.PaymentIntent;
import dev.payhook.provider.stripe.StripeObjects.Refund;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** A PaymentIntent and its refunds, as Stripe's API answered, onto what Payhook knows of a payment. */
final class StripeLookup {

    private StripeLookup() {}

    /**
     * A refund object as the refund API answered it: the refund's outcome, as its refund.updated
     * webhook tells it; its id ({@code refund:<id>:<status>}) is the same however often it is asked.
     */
    static final RefundObject.Reader REFUND_OBJECT = new RefundObject.Reader(
            refund -> {
                if (!refund.path("created").isIntegralNumber()) {
                    throw new UnparseablePayload("created is missing");
                }
                return new RefundObject(
                        WireJson.text(refund, "id"),
                        WireJson.text(refund, "status"),
                        Instant.ofEpochSecond(refund.path("created").asLong()));
            },
            StripeFormat::refund);

    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        JsonNode object = fact.path("payment_intent");
        PaymentIntent pi = WireJson.convert(object, PaymentIntent.class);
        String status = WireJson.require(pi.status(), "status");
        EventType payment = switch (status) {
            case "succeeded" -> EventType.PAYMENT_SUCCEEDED;
            case "canceled" -> EventType.PAYMENT_CANCELED;
            // a declined attempt leaves the intent waiting for another method, with the error it met
            case "requires_payment_method" ->
                object.path("last_payment_error").isObject() ? EventType.PAYMENT_FAILED : EventType.PAYMENT_PENDING;
            default -> EventType.PAYMENT_PENDING;
        };
        long amount = payment == EventType.PAYMENT_SUCCEEDED && pi.amountReceived() != null && pi.amountReceived() > 0
                ? pi.amountReceived()
                : WireJson.require(pi.amount(), "amount");
        long refunded = 0;
        Instant refundedAt = null;
        for (JsonNode r : fact.path("refunds").path("data")) {
            Refund refund = WireJson.convert(r, Refund.class);
            if ("succeeded".equals(refund.status()) && refund.amount() != null) {
                refunded += refund.amount();
                Instant at = Instant.ofEpochSecond(WireJson.require(refund.created(), "refund created"));
                refundedAt = refundedAt == null || at.isAfter(refundedAt) ? at : refundedAt;
            }
        }
        Map<String, String> metadata = pi.metadata() == null ? Map.of() : pi.metadata();
        String product = metadata.get("product_id") != null ? metadata.get("product_id") : metadata.get("price_id");
        return PaymentSnapshot.builder(provider, WireJson.require(pi.id(), "id"), "payment_intent." + status)
                .order(metadata.get("order_id"))
                .amount(amount, pi.currency())
                .refunded(refunded, refundedAt)
                .livemode(pi.livemode())
                .products(product == null || product.isBlank() ? List.of() : List.of(product))
                .build(payment, Instant.ofEpochSecond(WireJson.require(pi.created(), "created")));
    }
}
