package dev.payhook.provider.adyen;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.RefundAnswer;
import dev.payhook.provider.RefundCall;
import dev.payhook.provider.RefundHttp;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.WireJson;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Adyen's refunds (https://docs.adyen.com/api-explorer/Checkout/latest/post/payments/(paymentPspReference)/refunds):
 * {@code POST /payments/{pspReference}/refunds} with the reference as {@code Idempotency-Key} and as
 * the refund's {@code reference}. Adyen answers a key it has seen (for at least 7 days) with the
 * refund it made, so finding the refund by its reference is the same call again. Adyen only says
 * it received the refund: its REFUND notification tells the outcome.
 */
record AdyenRefunds(String base, String key, String merchantAccount, ApiCalls calls) implements Refunds {

    private static final String WHAT = "POST /payments/{pspReference}/refunds";

    /** Without the API key, which a record would print. */
    @Override
    public String toString() {
        return "AdyenRefunds[" + base + "]";
    }

    @Override
    public RefundAnswer create(RefundCall call) {
        String json = WireJson.json(
                new Refund(merchantAccount, new Refund.Amount(call.amountMinor(), call.currency()), call.reference()));
        String url = base + "/payments/" + ApiCalls.encode(call.providerPaymentId()) + "/refunds";
        return calls.retrying(() -> {
            HttpResponse<byte[]> answer = calls.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .header("X-API-Key", key)
                            .header("Content-Type", "application/json")
                            .header("Idempotency-Key", call.reference())
                            .POST(HttpRequest.BodyPublishers.ofString(json)),
                    WHAT);
            return RefundHttp.answer(
                    answer,
                    WHAT,
                    refund -> new RefundAnswer.Known(
                            WireJson.require(WireJson.text(refund, "pspReference"), "pspReference"), null));
        });
    }

    /** Adyen replays an idempotency key's refund: asking again under the same reference finds it. */
    @Override
    public RefundAnswer find(RefundCall call) {
        return create(call);
    }

    /** The Checkout API's refund request (camelCase on the wire). */
    record Refund(@JsonProperty("merchantAccount") String merchantAccount, Amount amount, String reference) {

        /** Minor units, as Adyen counts them. */
        record Amount(long value, String currency) {}
    }
}
