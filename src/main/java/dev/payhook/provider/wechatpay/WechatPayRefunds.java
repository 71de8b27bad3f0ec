package dev.payhook.provider.wechatpay;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.Fact;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.RefundHttp;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.WireJson;
import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;

/**
 * WeChat Pay's domestic refunds (https://pay.weixin.qq.com/doc/v3/merchant/4012791862): created
 * with the reference as {@code out_refund_no}, which WeChat Pay keeps unique per merchant (asked
 * again, it answers with the refund it made), and found by it with {@code GET
 * /v3/refund/domestic/refunds/{out_refund_no}}.
 */
record WechatPayRefunds(String base, WechatPayHttp http, ApiCalls calls) implements Refunds {

    static final String REFUND = "wechatpay.refund";
    private static final String CREATE = "POST /v3/refund/domestic/refunds";
    private static final String FIND = "GET /v3/refund/domestic/refunds/{out_refund_no}";

    @Override
    public RefundAnswer create(RefundCall call) {
        String json = WireJson.json(new Refund(
                call.providerPaymentId(),
                call.reference(),
                call.why(),
                new Refund.Amount(call.amountMinor(), call.paymentAmountMinor(), call.currency())));
        return calls.retrying(() -> {
            HttpResponse<byte[]> answer = http.verified(
                    calls.send(http.signed("POST", base + "/v3/refund/domestic/refunds", json), CREATE), CREATE);
            return RefundHttp.answer(answer, CREATE, refund -> known(refund, answer.body()));
        });
    }

    @Override
    public RefundAnswer find(RefundCall call) {
        String url = base + "/v3/refund/domestic/refunds/" + ApiCalls.encode(call.reference());
        return calls.retrying(() -> {
            HttpResponse<byte[]> answer = http.verified(calls.send(http.signed("GET", url, ""), FIND), FIND);
            return answer.statusCode() == 404
                    ? new RefundAnswer.NotFound()
                    : RefundHttp.answer(answer, FIND, refund -> known(refund, answer.body()));
        });
    }

    private static RefundAnswer known(JsonNode refund, byte[] body) {
        String id = WireJson.require(WireJson.text(refund, "refund_id"), "refund_id");
        String status = WireJson.text(refund, "status");
        boolean settled = "SUCCESS".equals(status) || "CLOSED".equals(status) || "ABNORMAL".equals(status);
        return new RefundAnswer.Known(id, settled ? new Fact(REFUND, body) : null);
    }

    /** A domestic refund request, as API v3 takes it. */
    record Refund(String transactionId, String outRefundNo, String reason, Amount amount) {

        /** The refund and the payment's total, in fen. */
        record Amount(long refund, long total, String currency) {}
    }
}
