package dev.payhook.provider.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.StripeException;
import com.stripe.model.Refund;
import com.stripe.net.RequestOptions;
import com.stripe.param.RefundCreateParams;
import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Fact;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;
import tools.jackson.databind.JsonNode;

/**
 * Stripe's refunds (https://docs.stripe.com/api/refunds/create) through stripe-java: created with
 * the reference as the {@code Idempotency-Key} and in {@code metadata.payhook_refund_id}, found
 * again among the PaymentIntent's refunds by that metadata. A refund object that succeeded or failed
 * is kept as the fact processing applies, like Stripe's refund.updated.
 */
final class StripeRefunds implements Refunds {

    static final String REFUND = "stripe.refund";
    static final String METADATA_KEY = "payhook_refund_id";
    private static final String CREATE = "POST /v1/refunds";

    private final StripeClient stripe;
    private final ApiCalls calls;
    private final BiFunction<String, String, WireJson.Listing> list;

    /** {@code list}: a list answer of a path, asked of a connected account when one is given. */
    StripeRefunds(StripeClient stripe, ApiCalls calls, BiFunction<String, String, WireJson.Listing> list) {
        this.stripe = stripe;
        this.calls = calls;
        this.list = list;
    }

    @Override
    public RefundAnswer create(RefundCall call) {
        RefundCreateParams params = RefundCreateParams.builder()
                .setPaymentIntent(call.providerPaymentId())
                .setAmount(call.amountMinor())
                .setReason(
                        call.ofDuplicate()
                                ? RefundCreateParams.Reason.DUPLICATE
                                : RefundCreateParams.Reason.REQUESTED_BY_CUSTOMER)
                .putMetadata(METADATA_KEY, call.reference())
                .putMetadata("order_id", call.orderId() == null ? "" : call.orderId())
                .build();
        RequestOptions options = RequestOptions.builder()
                .setIdempotencyKey(call.reference())
                .setStripeAccount(call.connectedAccount()) // null: the platform's own, no Stripe-Account
                .build();
        return calls.retrying(() -> {
            try {
                Refund refund = stripe.v1().refunds().create(params, options);
                byte[] body = refund.getLastResponse().body().getBytes(StandardCharsets.UTF_8);
                return known(WireJson.tree(body), body);
            } catch (UnparseablePayload e) {
                throw new ApiFailure(CREATE + ": malformed answer (" + e.getMessage() + ")");
            } catch (ApiConnectionException e) {
                throw new ApiFailure(CREATE + ": no answer (" + e.getClass().getSimpleName() + ")");
            } catch (StripeException e) {
                Integer status = e.getStatusCode();
                if (status == null || status == 429 || status >= 500) {
                    throw new ApiFailure(CREATE + ": HTTP " + status);
                }
                // Stripe refused it (400 charge_already_refunded, 401 a wrong key ...): nothing was refunded
                return new RefundAnswer.Refused(
                        "Stripe answered HTTP " + status + (e.getCode() == null ? "" : " " + e.getCode()));
            }
        });
    }

    @Override
    public RefundAnswer find(RefundCall call) {
        WireJson.Listing refunds = list.apply(
                "/v1/refunds?limit=100&payment_intent=" + ApiCalls.encode(call.providerPaymentId()),
                call.connectedAccount());
        for (WireJson.Element refund : refunds.elements()) {
            if (call.reference().equals(WireJson.text(refund.tree().path("metadata"), METADATA_KEY))) {
                return known(refund.tree(), refund.bytes());
            }
        }
        return new RefundAnswer.NotFound();
    }

    private static RefundAnswer known(JsonNode refund, byte[] bytes) {
        String id = WireJson.require(WireJson.text(refund, "id"), "refund id");
        String status = WireJson.text(refund, "status");
        boolean settled = switch (status == null ? "" : status) {
            case "succeeded", "failed", "canceled" -> true;
            default -> false;
        };
        return new RefundAnswer.Known(id, settled ? new Fact(REFUND, bytes) : null);
    }
}
