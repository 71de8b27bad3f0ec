package dev.payhook.provider.razorpay;

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
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Razorpay's refunds (https://razorpay.com/docs/api/refunds/create-normal/): {@code POST
 * /v1/payments/{id}/refund} of an amount. Razorpay documents no idempotency key for refunds: the
 * reference goes in the refund's {@code notes.payhook_reference}, and every attempt lists the
 * payment's refunds for it before it creates one, so a repeated call finds the first refund
 * instead of making a second. The note is exact, so part of a payment can be refunded too.
 */
final class RazorpayRefunds extends KeylessRefunds {

    static final String REFUND = "razorpay.refund";
    static final String NOTE = "payhook_reference";
    private static final String CREATE = "POST /v1/payments/{id}/refund";
    private static final String LIST = "GET /v1/payments/{id}/refunds";

    private final String base;
    private final String authorization;

    RazorpayRefunds(String base, String authorization, ApiCalls calls) {
        super(calls);
        this.base = base;
        this.authorization = authorization;
    }

    @Override
    protected RefundAnswer post(RefundCall call) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("amount", call.amountMinor());
        body.put("speed", "normal");
        body.put("notes", Map.of(NOTE, call.reference(), "reason", call.why()));
        HttpResponse<byte[]> answer = calls.postAuthorized(
                base + "/v1/payments/" + ApiCalls.encode(call.providerPaymentId()) + "/refund",
                authorization,
                body,
                CREATE);
        return RefundHttp.answer(answer, CREATE, refund -> known(refund, answer.body()));
    }

    /** The payment's refund whose note is the reference, if any. */
    @Override
    protected RefundAnswer listed(RefundCall call) {
        HttpResponse<byte[]> answer = calls.getOnce(
                base + "/v1/payments/" + ApiCalls.encode(call.providerPaymentId()) + "/refunds?count=100",
                authorization,
                LIST);
        try {
            for (WireJson.Element refund :
                    WireJson.listing(answer.body(), "items").elements()) {
                JsonNode notes = refund.tree().path("notes");
                if (notes.isObject() && call.reference().equals(WireJson.text(notes, NOTE))) {
                    return known(refund.tree(), refund.bytes());
                }
            }
        } catch (UnparseablePayload e) {
            throw new ApiFailure(LIST + ": malformed answer (" + e.getMessage() + ")");
        }
        return new RefundAnswer.NotFound();
    }

    private static RefundAnswer known(JsonNode refund, byte[] bytes) {
        String id = WireJson.require(WireJson.text(refund, "id"), "refund id");
        String status = WireJson.text(refund, "status");
        boolean settled = "processed".equals(status) || "failed".equals(status);
        return new RefundAnswer.Known(id, settled ? new Fact(REFUND, bytes) : null);
    }
}
