package dev.payhook.provider.dodo;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ListedRefunds;
import java.util.Map;
import java.util.Set;

/**
 * Dodo Payments' refunds (https://docs.dodopayments.com/api-reference/refunds/post-refunds) of a
 * whole payment. Dodo documents no idempotency key: the refund's {@code reason} starts with the
 * reference (and its metadata carries it), and every attempt reads the payment's refunds for it
 * before it creates one, so a repeated call finds the first refund instead of making a second.
 */
final class DodoRefunds {

    static final String REFUND = "dodo.refund";

    static final ListedRefunds.Spec SPEC = new ListedRefunds.Spec(
            new ListedRefunds.Path("POST /refunds", call -> "/refunds"),
            call -> Map.of(
                    "payment_id",
                    call.providerPaymentId(),
                    "reason",
                    ListedRefunds.reason(call),
                    "metadata",
                    Map.of("payhook_refund_id", call.reference())),
            null,
            new ListedRefunds.Path(
                    "GET /payments/{id}", call -> "/payments/" + ApiCalls.encode(call.providerPaymentId())),
            "refunds",
            ListedRefunds.byReason(),
            new ListedRefunds.Shape(REFUND, "refund_id", Set.of("succeeded", "failed")));

    private DodoRefunds() {}
}
