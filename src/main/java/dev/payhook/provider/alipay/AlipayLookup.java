package dev.payhook.provider.alipay;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Money;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.RefundObject;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/** A trade and its refund, as Alipay's gateway answered, onto what Payhook knows of a payment. */
final class AlipayLookup {

    private static final String CURRENCY = "CNY";

    private AlipayLookup() {}

    /**
     * A refund as {@code alipay.trade.fastpay.refund.query} answered it, kept with the reference
     * (out_request_no) Payhook asked about, which is the refund's id.
     */
    static final RefundObject.Reader REFUND_OBJECT = new RefundObject.Reader(
            tree -> {
                JsonNode refund = tree.path("refund").path("alipay_trade_fastpay_refund_query_response");
                String at = WireJson.text(refund, "gmt_refund_pay");
                String status = WireJson.text(refund, "refund_status");
                return new RefundObject(
                        WireJson.text(tree, "reference"),
                        status == null ? "REFUND_SUCCESS" : status,
                        at == null
                                ? WireJson.instant(WireJson.text(tree, "asked_at"), "asked_at")
                                : AlipayFormat.time(at));
            },
            (b, tree) -> {
                JsonNode refund = tree.path("refund").path("alipay_trade_fastpay_refund_query_response");
                return b.payment(WireJson.require(WireJson.text(refund, "trade_no"), "trade_no"))
                        .order(WireJson.text(refund, "out_trade_no"))
                        .refund(WireJson.text(tree, "reference"))
                        .amount(
                                Money.fromMajor(
                                        WireJson.require(WireJson.text(refund, "refund_amount"), "refund_amount"),
                                        CURRENCY),
                                CURRENCY)
                        .build(EventType.REFUND_SUCCEEDED);
            });

    /** TRADE_CLOSED after a refund is a paid trade refunded in full, not a canceled one. */
    static PaymentSnapshot snapshot(String provider, JsonNode fact) {
        JsonNode trade = fact.path("trade").path("alipay_trade_query_response");
        JsonNode refund = fact.path("refund").path("alipay_trade_fastpay_refund_query_response");
        Instant askedAt = WireJson.instant(WireJson.text(fact, "asked_at"), "asked_at");
        String status = WireJson.require(WireJson.text(trade, "trade_status"), "trade_status");
        long amount = Money.fromMajor(WireJson.require(WireJson.text(trade, "total_amount"), "total_amount"), CURRENCY);
        String refundAmount = WireJson.text(refund, "refund_amount");
        String refundStatus = WireJson.text(refund, "refund_status");
        long refunded = refundAmount != null
                        && !refundAmount.isBlank()
                        && (refundStatus == null || "REFUND_SUCCESS".equals(refundStatus))
                ? Money.fromMajor(refundAmount, CURRENCY)
                : 0;
        EventType payment = switch (status) {
            case "TRADE_SUCCESS", "TRADE_FINISHED" -> EventType.PAYMENT_SUCCEEDED;
            case "TRADE_CLOSED" -> refunded > 0 ? EventType.PAYMENT_SUCCEEDED : EventType.PAYMENT_CANCELED;
            default -> EventType.PAYMENT_PENDING;
        };
        String paidAt = WireJson.text(trade, "send_pay_date");
        String refundedAt = WireJson.text(refund, "gmt_refund_pay");
        return PaymentSnapshot.builder(provider, WireJson.require(WireJson.text(trade, "trade_no"), "trade_no"), status)
                .order(WireJson.text(trade, "out_trade_no"))
                .amount(amount, CURRENCY)
                .refunded(refunded, refundedAt == null ? askedAt : AlipayFormat.time(refundedAt))
                .build(payment, paidAt == null ? askedAt : AlipayFormat.time(paidAt));
    }
}
