package dev.payhook.provider.paddle;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ListedRefunds;
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

    static final ListedRefunds.Spec SPEC = new ListedRefunds.Spec(
            new ListedRefunds.Path("POST /adjustments", call -> "/adjustments"),
            call -> Map.of(
                    "action",
                    "refund",
                    "type",
                    "full",
                    "transaction_id",
                    call.providerPaymentId(),
                    "reason",
                    ListedRefunds.reason(call)),
            "data",
            new ListedRefunds.Path(
                    "GET /adjustments",
                    call -> "/adjustments?action=refund&per_page=50&transaction_id="
                            + ApiCalls.encode(call.providerPaymentId())),
            "data",
            ListedRefunds.byReason(),
            new ListedRefunds.Shape(REFUND, "id", Set.of("approved", "rejected")));

    private PaddleRefunds() {}
}
