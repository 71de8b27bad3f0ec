package dev.payhook.provider.paypal;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Money;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.RefundHttp;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.WireJson;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import tools.jackson.databind.JsonNode;

/**
 * PayPal's capture refunds (https://developer.paypal.com/docs/api/payments/v2/#captures_refund):
 * {@code POST /v2/payments/captures/{id}/refund} with the reference as {@code PayPal-Request-Id} and
 * as the refund's {@code custom_id}. PayPal answers a request id it has seen with the refund it
 * made for it, so finding the refund by its reference is the same call again.
 */
record PaypalRefunds(String base, PaypalToken token, ApiCalls calls) implements Refunds {

    static final String REFUND = "paypal.refund";
    private static final String WHAT = "POST /v2/payments/captures/{id}/refund";

    @Override
    public RefundAnswer create(RefundCall call) {
        String json = WireJson.json(new Refund(
                new Refund.Amount(Money.toMajor(call.amountMinor(), call.currency()), call.currency()),
                call.reference(),
                call.ofDuplicate() ? "Refund of a duplicate payment" : "Refund"));
        String url = base + "/v2/payments/captures/" + ApiCalls.encode(call.providerPaymentId()) + "/refund";
        return calls.retrying(() -> {
            HttpResponse<byte[]> answer = calls.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .header("Authorization", "Bearer " + calls.retrying(token::get))
                            .header("Content-Type", "application/json")
                            .header("Prefer", "return=representation")
                            .header("PayPal-Request-Id", call.reference())
                            .POST(HttpRequest.BodyPublishers.ofString(json)),
                    WHAT);
            if (answer.statusCode() == 401) {
                token.forget(); // expired early or revoked: the next try gets a new one
                throw new ApiFailure(WHAT + ": HTTP 401");
            }
            return RefundHttp.answer(answer, WHAT, refund -> known(refund, answer.body()));
        });
    }

    /** PayPal replays a request id's refund: asking again under the same reference finds it. */
    @Override
    public RefundAnswer find(RefundCall call) {
        return create(call);
    }

    private static RefundAnswer known(JsonNode refund, byte[] body) {
        String id = WireJson.require(WireJson.text(refund, "id"), "refund id");
        String status = WireJson.text(refund, "status");
        boolean settled = "COMPLETED".equals(status) || "FAILED".equals(status) || "CANCELLED".equals(status);
        return new RefundAnswer.Known(id, settled ? new Fact(REFUND, body) : null);
    }

    /** The refund of a capture, as PayPal's Payments API v2 takes it. */
    record Refund(Amount amount, String customId, String noteToPayer) {

        /** A decimal string in the currency's major unit. */
        record Amount(String value, String currencyCode) {}
    }
}
