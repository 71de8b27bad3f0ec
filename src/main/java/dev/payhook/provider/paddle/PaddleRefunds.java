package dev.payhook.provider.paddle;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ListedRefunds;
import dev.payhook.provider.RefundCall;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Paddle's refunds are adjustments (https://developer.paddle.com/api-reference/adjustments/create-adjustment)
 * of the whole transaction ({@code type: full}). Paddle takes no idempotency key: the adjustment's
 * {@code reason} starts with the reference, and every attempt lists the transaction's refund
 * adjustments for it before it creates one, so a repeated call finds the first refund instead of
 * making a second. Paddle approves refunds itself (sandbox: within ten minutes); its
 * adjustment.updated webhook, or the adjustment as listed, says when.
 */
final class PaddleRefunds {

    static final String REFUND = "paddle.adjustment";

    private static final ListedRefunds.Spec SPEC = new ListedRefunds.Spec(
            new ListedRefunds.Path("POST /adjustments", call -> "/adjustments"),
            PaddleRefunds::body,
            "data",
            new ListedRefunds.Path(
                    "GET /adjustments",
                    call -> "/adjustments?action=refund&per_page=50&transaction_id="
                            + ApiCalls.encode(call.providerPaymentId())),
            "data",
            ListedRefunds.byReason(),
            new ListedRefunds.Shape(REFUND, "id", Set.of("approved", "rejected")));

    private PaddleRefunds() {}

    static ListedRefunds of(String base, String key, ApiCalls calls) {
        return new ListedRefunds(base, "Bearer " + key, calls, SPEC);
    }

    private static Map<String, Object> body(RefundCall call) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("action", "refund");
        body.put("type", "full");
        body.put("transaction_id", call.providerPaymentId());
        body.put("reason", ListedRefunds.reason(call));
        return body;
    }
}
