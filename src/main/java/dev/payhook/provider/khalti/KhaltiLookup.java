package dev.payhook.provider.khalti;

import dev.payhook.payment.EventType;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import tools.jackson.databind.JsonNode;

/**
 * Khalti's lookup answer onto what Payhook knows of the payment: {@code Completed} is paid,
 * {@code Refunded} paid and given back whole, {@code User canceled} and {@code Expired} canceled,
 * {@code Pending} and {@code Initiated} (and any other word) not settled yet. {@code Partially
 * Refunded} says no amount: it is not applied, but dead-lettered for a person. An answer about
 * another pidx than the one asked about is not applied.
 */
final class KhaltiLookup {

    private KhaltiLookup() {}

    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        JsonNode answer = answer(fact);
        JsonNode asked = fact.path("asked");
        String status = WireJson.require(WireJson.text(answer, "status"), "status");
        EventType payment = switch (status) {
            case "Completed", "Refunded", "Partially Refunded" -> EventType.PAYMENT_SUCCEEDED;
            case "User canceled", "Expired" -> EventType.PAYMENT_CANCELED;
            default -> EventType.PAYMENT_PENDING;
        };
        if ("Partially Refunded".equals(status)) {
            throw new UnparseablePayload(
                    "Khalti says partially refunded without the amount: see the transaction in Khalti's dashboard");
        }
        long amount = totalAmount(answer);
        return PaymentSnapshot.builder(provider, WireJson.text(asked, "pidx"), "lookup." + status)
                .order(WireJson.text(asked, "order_id"))
                .amount(amount, KhaltiApi.CURRENCY)
                .refunded("Refunded".equals(status) ? amount : 0, null)
                .build(payment, WireJson.instant(WireJson.text(asked, "asked_at"), "asked_at"));
    }

    /** A refund Khalti's lookup says happened, read as the refund of Payhook's reference. */
    static final RefundObject.Reader REFUND_OBJECT = new RefundObject.Reader(
            tree -> new RefundObject(
                    WireJson.text(tree.path("asked"), "reference"),
                    WireJson.text(answer(tree), "status"),
                    WireJson.instant(WireJson.text(tree.path("asked"), "asked_at"), "asked_at")),
            (b, tree) -> b.payment(WireJson.text(tree.path("asked"), "pidx"))
                    .refund(WireJson.text(tree.path("asked"), "reference"))
                    .amount(totalAmount(answer(tree)), KhaltiApi.CURRENCY)
                    .build(
                            "Refunded".equals(WireJson.text(answer(tree), "status"))
                                    ? EventType.REFUND_SUCCEEDED
                                    : EventType.OTHER));

    /** The answer, checked to be about the pidx asked about. */
    private static JsonNode answer(JsonNode fact) {
        JsonNode answer = fact.path("answer");
        String asked = WireJson.require(WireJson.text(fact.path("asked"), "pidx"), "pidx");
        if (!asked.equals(WireJson.text(answer, "pidx"))) {
            throw new UnparseablePayload("Khalti answered about another pidx than the one asked about");
        }
        return answer;
    }

    static long totalAmount(JsonNode answer) {
        JsonNode total = answer.path("total_amount");
        if (!total.canConvertToExactIntegral() || total.asLong() < 0) {
            throw new UnparseablePayload("total_amount is not a whole number of paisa");
        }
        return total.asLong();
    }
}
