package dev.payhook.support;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import com.github.tomakehurst.wiremock.matching.UrlPathPattern;
import dev.payhook.provider.Money;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Mollie's {@code GET /v2/payments/{id}} in WireMock, answering a payment as Mollie's reference
 * shows it (https://docs.mollie.com/reference/get-payment): what a test says the payment is now.
 */
public final class MollieApiStubs {

    private MollieApiStubs() {}

    /** A payment as Mollie holds it now: its status and, once paid, what was refunded and charged back. */
    public record Payment(
            String id,
            String order,
            long amountMinor,
            String currency,
            String status,
            long refunded,
            long chargedBack,
            Instant at) {

        public static Payment paid(String id, String order, long amountMinor, String currency, Instant at) {
            return new Payment(id, order, amountMinor, currency, "paid", 0, 0, at);
        }

        public Payment refunded(long total) {
            return new Payment(id, order, amountMinor, currency, status, total, chargedBack, at);
        }

        public Payment chargedBack(long total) {
            return new Payment(id, order, amountMinor, currency, status, refunded, total, at);
        }

        public byte[] json() {
            Map<String, Object> values = new HashMap<>();
            values.put("payment_id", id);
            values.put("order_id", order);
            values.put("created_at", at.minusSeconds(60).toString().replace("Z", "+00:00"));
            values.put("amount", major(amountMinor));
            values.put("currency", currency);
            values.put("status", status);
            values.put(
                    "status_time",
                    "open".equals(status)
                            ? ""
                            : "\"" + status + "At\": \"" + at.toString().replace("Z", "+00:00") + "\",");
            values.put("refunded", major(refunded));
            values.put("remaining", major(amountMinor - refunded));
            values.put(
                    "charged_back",
                    chargedBack == 0
                            ? ""
                            : "\"amountChargedBack\": { \"value\": \"" + major(chargedBack) + "\", \"currency\": \""
                                    + currency + "\" },");
            return Fixtures.load("mollie/payment.json", values);
        }

        private String major(long minor) {
            return Money.toMajor(minor, currency);
        }
    }

    /** Mollie answers {@code payment} from now on. */
    public static void answer(Payment payment) {
        ApiStubs.server()
                .stubFor(get(path(payment.id()))
                        .willReturn(aResponse()
                                .withStatus(200)
                                .withHeader("Content-Type", "application/hal+json")
                                .withBody(new String(payment.json(), StandardCharsets.UTF_8))));
    }

    /** Mollie answers nothing but 503 about {@code paymentId} from now on. */
    public static void down(String paymentId) {
        ApiStubs.server()
                .stubFor(get(path(paymentId))
                        .willReturn(aResponse()
                                .withStatus(503)
                                .withHeader("Content-Type", "application/hal+json")
                                .withBody("{\"status\":503,\"title\":\"Service Unavailable\","
                                        + "\"detail\":\"The service is temporarily unavailable.\"}")));
    }

    /** How often Payhook asked Mollie about {@code paymentId}. */
    public static int asked(String paymentId) {
        return ApiStubs.server()
                .countRequestsMatching(getRequestedFor(path(paymentId)).build())
                .getCount();
    }

    private static UrlPathPattern path(String paymentId) {
        return urlPathEqualTo("/mollie/v2/payments/" + paymentId);
    }
}
