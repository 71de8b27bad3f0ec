package dev.payhook.provider.razorpay;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ListedRefunds;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.WireJson;
import java.util.Map;
import java.util.Set;

/**
 * Razorpay's refunds (https://razorpay.com/docs/api/refunds/create-normal/): {@code POST
 * /v1/payments/{id}/refund} of an amount. Razorpay documents no idempotency key for refunds: the
 * reference goes in the refund's {@code notes.payhook_reference}, and every attempt lists the
 * payment's refunds for it before it creates one, so a repeated call finds the first refund
 * instead of making a second. The note is exact, so part of a payment can be refunded too.
 */
final class RazorpayRefunds {

    static final String REFUND = "razorpay.refund";
    static final String NOTE = "payhook_reference";

    static final ListedRefunds.Spec SPEC = new ListedRefunds.Spec(
            new ListedRefunds.Path("POST /v1/payments/{id}/refund", call -> payment(call) + "/refund"),
            call -> Map.of(
                    "amount", call.amountMinor(),
                    "speed", "normal",
                    "notes", Map.of(NOTE, call.reference(), "reason", call.why())),
            null,
            new ListedRefunds.Path("GET /v1/payments/{id}/refunds", call -> payment(call) + "/refunds?count=100"),
            "items",
            (refund, call) -> call.reference().equals(WireJson.text(refund.path("notes"), NOTE)),
            new ListedRefunds.Shape(REFUND, "id", Set.of("processed", "failed")));

    private RazorpayRefunds() {}

    private static String payment(RefundCall call) {
        return "/v1/payments/" + ApiCalls.encode(call.providerPaymentId());
    }
}
