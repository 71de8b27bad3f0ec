package dev.payhook.provider.alipay;

import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Money;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.WireJson;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Alipay's refunds (https://opendocs.alipay.com/open/4b7cc5db_alipay.trade.refund): {@code
 * alipay.trade.refund} with the reference as {@code out_request_no}, which Alipay keeps unique per
 * trade (asked again, it refunds nothing more), and found by it with {@code
 * alipay.trade.fastpay.refund.query}. Alipay names no refund of its own: the reference is the
 * refund's id. A refund Alipay accepted is done; the query's {@code REFUND_SUCCESS} is the fact
 * processing applies (Alipay's notifications carry the trade's refunded total, not the refund).
 */
record AlipayRefunds(BiFunction<String, Map<String, String>, AlipayResponse> call, Clock clock) implements Refunds {

    static final String REFUND = "alipay.refund";
    static final String CREATE = "alipay.trade.refund";

    /** In-band answers that say nothing of the refund: Alipay asks to try again with the same out_request_no. */
    private static final Set<String> BUSY = Set.of("ACQ.SYSTEM_ERROR", "ACQ.SYSTEM_BUSY", "aop.ACQ.SYSTEM_ERROR");

    @Override
    public RefundAnswer create(RefundCall refund) {
        Map<String, String> biz = new LinkedHashMap<>();
        biz.put("trade_no", refund.providerPaymentId());
        biz.put("refund_amount", Money.toMajor(refund.amountMinor(), refund.currency()));
        biz.put("out_request_no", refund.reference());
        biz.put("refund_reason", refund.why());
        AlipayResponse answer = call.apply(CREATE, biz);
        if (!answer.succeeded()) {
            return refused(answer);
        }
        // accepted is done: the query says so in the words processing reads
        return find(refund);
    }

    @Override
    public RefundAnswer find(RefundCall refund) {
        AlipayResponse answer = call.apply(
                AlipayApi.REFUND_QUERY,
                Map.of("trade_no", refund.providerPaymentId(), "out_request_no", refund.reference()));
        if (!answer.succeeded()) {
            return refused(answer);
        }
        String amount = WireJson.text(answer.response(), "refund_amount");
        if (amount == null || amount.isBlank()) {
            return new RefundAnswer.NotFound();
        }
        // Alipay: data returned with refund_status empty or REFUND_SUCCESS means the refund succeeded
        String status = WireJson.text(answer.response(), "refund_status");
        boolean done = status == null || "REFUND_SUCCESS".equals(status);
        byte[] askedAt = WireJson.json(clock.instant().toString()).getBytes(StandardCharsets.UTF_8);
        byte[] reference = WireJson.json(refund.reference()).getBytes(StandardCharsets.UTF_8);
        return new RefundAnswer.Known(
                refund.reference(),
                done
                        ? Fact.composite(REFUND, new String[] {"refund", "reference", "asked_at"}, new byte[][] {
                            answer.body(), reference, askedAt
                        })
                        : null);
    }

    private static RefundAnswer refused(AlipayResponse answer) {
        if (BUSY.contains(answer.subCode()) || "20000".equals(WireJson.text(answer.response(), "code"))) {
            throw new ApiFailure(answer.error());
        }
        return new RefundAnswer.Refused(answer.error());
    }
}
