package dev.payhook.provider.dodo;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KeylessRefunds;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.RefundHttp;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Dodo Payments' refunds (https://docs.dodopayments.com/api-reference/refunds/post-refunds) of a
 * whole payment. Dodo documents no idempotency key: the refund's {@code reason} starts with the
 * reference (and its metadata carries it), and every attempt reads the payment's refunds for it
 * before it creates one, so a repeated call finds the first refund instead of making a second.
 */
final class DodoRefunds extends KeylessRefunds {

    static final String REFUND = "dodo.refund";
    private static final String CREATE = "POST /refunds";
    private static final String READ = "GET /payments/{id}";

    private final String base;
    private final String key;

    DodoRefunds(String base, String key, ApiCalls calls) {
        super(calls);
        this.base = base;
        this.key = key;
    }

    @Override
    protected RefundAnswer post(RefundCall call) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("payment_id", call.providerPaymentId());
        body.put("reason", reason(call));
        body.put("metadata", Map.of("payhook_refund_id", call.reference()));
        HttpResponse<byte[]> answer = calls.postJson(base + "/refunds", key, body, CREATE);
        return RefundHttp.answer(answer, CREATE, refund -> known(refund, answer.body()));
    }

    /** The payment's refund whose reason starts with the reference, if any. */
    @Override
    protected RefundAnswer listed(RefundCall call) {
        HttpResponse<byte[]> answer =
                calls.getJsonOnce(base + "/payments/" + ApiCalls.encode(call.providerPaymentId()), key, READ);
        try {
            for (JsonNode refund : WireJson.tree(answer.body()).path("refunds")) {
                String reason = WireJson.text(refund, "reason");
                if (names(reason, call)) {
                    return known(refund, refund.toString().getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (UnparseablePayload e) {
            throw new ApiFailure(READ + ": malformed answer (" + e.getMessage() + ")");
        }
        return new RefundAnswer.NotFound();
    }

    private static RefundAnswer known(JsonNode refund, byte[] bytes) {
        String id = WireJson.require(WireJson.text(refund, "refund_id"), "refund_id");
        String status = WireJson.text(refund, "status");
        boolean settled = "succeeded".equals(status) || "failed".equals(status);
        return new RefundAnswer.Known(id, settled ? new Fact(REFUND, bytes) : null);
    }
}
