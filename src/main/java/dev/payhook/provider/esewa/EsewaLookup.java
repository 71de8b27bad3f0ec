package dev.payhook.provider.esewa;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * eSewa's status answer onto what Payhook knows of the payment (the transaction uuid, our order
 * id). Only {@code COMPLETE} pays; {@code FULL_REFUND} is paid and all given back. eSewa does not
 * say how much a {@code PARTIAL_REFUND} gave back, so that answer cannot be applied: it
 * dead-letters for a person to settle.
 */
final class EsewaLookup {

    private EsewaLookup() {}

    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        JsonNode answer = fact.path("status");
        String status = WireJson.require(WireJson.text(answer, "status"), "status");
        EventType payment = switch (status) {
            case "COMPLETE", "FULL_REFUND" -> EventType.PAYMENT_SUCCEEDED;
            case "CANCELED" -> EventType.PAYMENT_CANCELED;
            case "PENDING", "AMBIGUOUS" -> EventType.PAYMENT_PENDING;
            case "PARTIAL_REFUND" ->
                throw new UnparseablePayload("eSewa says PARTIAL_REFUND without the amount given back");
            default -> throw new UnparseablePayload("unknown eSewa status " + status);
        };
        String uuid = WireJson.require(WireJson.text(answer, "transaction_uuid"), "transaction_uuid");
        long amount = Money.fromMajor(answer.path("total_amount").asString(null), "NPR");
        Instant askedAt = WireJson.offsetTime(fact.path("asked_at").asString(null), "asked_at");
        boolean refunded = "FULL_REFUND".equals(status);
        return PaymentSnapshot.builder(provider, uuid, "status." + status)
                .order(uuid)
                .amount(amount, "NPR")
                .refunded(refunded ? amount : 0, refunded ? askedAt : null)
                .build(payment, askedAt);
    }
}
