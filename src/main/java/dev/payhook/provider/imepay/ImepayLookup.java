package dev.payhook.provider.imepay;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * IME Pay's Confirm or Recheck answer onto what Payhook knows of the payment: {@code ResponseCode}
 * 0 is paid, 1 failed, 3 canceled by the payer; anything else is not settled yet. An answer about
 * another order or token than the one asked about is not applied.
 */
final class ImepayLookup {

    private ImepayLookup() {}

    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        JsonNode answer = fact.path("answer");
        JsonNode asked = fact.path("asked");
        String refId = WireJson.require(WireJson.text(asked, "ref_id"), "ref_id");
        String tokenId = WireJson.require(WireJson.text(asked, "token_id"), "token_id");
        if (!matches(answer, "RefId", refId) || !matches(answer, "TokenId", tokenId)) {
            throw new UnparseablePayload("IME Pay answered about another order or token than the one asked about");
        }
        String code = answer.path("ResponseCode").asString("");
        EventType payment = switch (code) {
            case "0" -> EventType.PAYMENT_SUCCEEDED;
            case "1" -> EventType.PAYMENT_FAILED;
            case "3" -> EventType.PAYMENT_CANCELED;
            default -> EventType.PAYMENT_PENDING;
        };
        Instant askedAt = WireJson.offsetTime(WireJson.text(asked, "asked_at"), "asked_at");
        return PaymentSnapshot.builder(provider, tokenId, "ResponseCode." + code)
                .order(refId)
                .amount(Money.fromMajor(WireJson.text(asked, "amount"), "NPR"), "NPR")
                .build(payment, askedAt);
    }

    /** The answer names the same value, or none (IME Pay's answers do not always echo every field). */
    private static boolean matches(JsonNode answer, String field, String asked) {
        String said = WireJson.text(answer, field);
        return said == null || said.isBlank() || said.equals(asked);
    }
}
