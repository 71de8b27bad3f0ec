package dev.payhook.provider.paddle;

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
 * Paddle's refunds are adjustments (https://developer.paddle.com/api-reference/adjustments/create-adjustment)
 * of the whole transaction ({@code type: full}). Paddle takes no idempotency key: the adjustment's
 * {@code reason} starts with the reference, and every attempt lists the transaction's refund
 * adjustments for it before it creates one, so a repeated call finds the first refund instead of
 * making a second. Paddle approves refunds itself (sandbox: within ten minutes); its
 * adjustment.updated webhook, or the adjustment as listed, says when.
 */
final class PaddleRefunds extends KeylessRefunds {

    static final String REFUND = "paddle.adjustment";
    private static final String CREATE = "POST /adjustments";
    private static final String LIST = "GET /adjustments";

    private final String base;
    private final String key;

    PaddleRefunds(String base, String key, ApiCalls calls) {
        super(calls);
        this.base = base;
        this.key = key;
    }

    @Override
    protected RefundAnswer post(RefundCall call) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("action", "refund");
        body.put("type", "full");
        body.put("transaction_id", call.providerPaymentId());
        body.put("reason", reason(call));
        HttpResponse<byte[]> answer = calls.postJson(base + "/adjustments", key, body, CREATE);
        return RefundHttp.answer(
                answer,
                CREATE,
                created -> known(
                        created.path("data"), created.path("data").toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** The transaction's refund adjustment whose reason starts with the reference, if any. */
    @Override
    protected RefundAnswer listed(RefundCall call) {
        HttpResponse<byte[]> answer = calls.getJsonOnce(
                base + "/adjustments?action=refund&per_page=50&transaction_id="
                        + ApiCalls.encode(call.providerPaymentId()),
                key,
                LIST);
        try {
            for (WireJson.Element adjustment :
                    WireJson.listing(answer.body(), "data").elements()) {
                String reason = WireJson.text(adjustment.tree(), "reason");
                if (names(reason, call)) {
                    return known(adjustment.tree(), adjustment.bytes());
                }
            }
        } catch (UnparseablePayload e) {
            throw new ApiFailure(LIST + ": malformed answer (" + e.getMessage() + ")");
        }
        return new RefundAnswer.NotFound();
    }

    private static RefundAnswer known(JsonNode adjustment, byte[] bytes) {
        String id = WireJson.require(WireJson.text(adjustment, "id"), "adjustment id");
        String status = WireJson.text(adjustment, "status");
        boolean settled = "approved".equals(status) || "rejected".equals(status);
        return new RefundAnswer.Known(id, settled ? new Fact(REFUND, bytes) : null);
    }
}
