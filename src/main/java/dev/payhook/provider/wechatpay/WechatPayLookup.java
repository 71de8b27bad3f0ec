package dev.payhook.provider.wechatpay;

import dev.payhook.payment.EventType;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import tools.jackson.databind.JsonNode;

/** A transaction as WeChat Pay's API answered, onto what Payhook knows of a payment. */
final class WechatPayLookup {

    private WechatPayLookup() {}

    /** A refund as the refund API answered it, read like its REFUND.SUCCESS / REFUND.CLOSED notification. */
    static final RefundObject.Reader REFUND_OBJECT =
            new RefundObject.Reader(RefundObject.fields("refund_id", "success_time", "create_time"), (b, refund) -> {
                JsonNode amount = refund.path("amount");
                if (!amount.path("refund").isIntegralNumber()) {
                    throw new UnparseablePayload("missing field amount.refund");
                }
                String currency = WireJson.text(amount, "currency");
                String status = WireJson.text(refund, "status");
                return b.payment(WireJson.require(WireJson.text(refund, "transaction_id"), "transaction_id"))
                        .order(WireJson.text(refund, "out_trade_no"))
                        .refund(WireJson.text(refund, "refund_id"))
                        .amount(amount.path("refund").asLong(), currency == null ? "CNY" : currency)
                        .build(
                                "SUCCESS".equals(status)
                                        ? EventType.REFUND_SUCCEEDED
                                        : "PROCESSING".equals(status) ? EventType.OTHER : EventType.REFUND_FAILED);
            });

    /** REFUND: the money was taken and some went back; how much, only the refund's own query tells. */
    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        JsonNode t = fact.path("transaction");
        String state = WireJson.require(WireJson.text(t, "trade_state"), "trade_state");
        EventType payment = switch (state) {
            case "SUCCESS", "REFUND" -> EventType.PAYMENT_SUCCEEDED;
            case "CLOSED", "REVOKED" -> EventType.PAYMENT_CANCELED;
            case "PAYERROR" -> EventType.PAYMENT_FAILED;
            default -> EventType.PAYMENT_PENDING;
        };
        JsonNode amount = t.path("amount");
        if (!amount.path("total").isIntegralNumber()) {
            throw new UnparseablePayload("missing field amount.total");
        }
        String currency = WireJson.text(amount, "currency");
        String successTime = WireJson.text(t, "success_time");
        return PaymentSnapshot.builder(
                        provider, WireJson.require(WireJson.text(t, "transaction_id"), "transaction_id"), state)
                .order(WireJson.text(t, "out_trade_no"))
                .amount(amount.path("total").asLong(), currency == null ? "CNY" : currency)
                .build(
                        payment,
                        successTime != null
                                ? WireJson.offsetTime(successTime, "success_time")
                                : WireJson.instant(WireJson.text(fact, "asked_at"), "asked_at"));
    }
}
