package dev.payhook.returns;

import dev.payhook.alerts.Refusals;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Provider;
import dev.payhook.provider.Reading;
import dev.payhook.provider.RefusedRequest;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SignatureScheme.ReturnCarrier;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The return of a provider that has no webhook (eSewa, IME Pay, Khalti): its {@code data}
 * parameter, base64, decoded (or, for Khalti, its whole query) and verified by the provider's scheme. A return that does not verify, or cannot
 * be read, is refused, counted and in the provider's burst window ({@link Refusals}); nothing is
 * asked of the provider for it. Such a return, and a return to a failure page (nothing to verify),
 * is kept as a refused request, not a receipt: anyone can send them, so only {@code
 * payhook.evidence.refused-per-minute} per provider are kept, the rest counted in {@code
 * payhook_refused_requests_unkept_total{provider}}.
 */
@Component
class VerifiedReturns {

    private static final Logger log = LoggerFactory.getLogger(VerifiedReturns.class);
    private static final int MAX_DATA = 8192;
    private static final String FAILURE_PAGE = "failure_page";

    /** A return refused: the answer's status and reason. */
    static final class Refused extends RuntimeException {

        private final int status;
        private final String reason;

        Refused(int status, String reason) {
            super(reason, null, false, false);
            this.status = status;
            this.reason = reason;
        }

        int status() {
            return status;
        }

        String reason() {
            return reason;
        }
    }

    /** A return that verified: the request to ask the provider with, and the order it names. */
    record Verified(WebhookRequest request, String orderId) {}

    private final Refusals refusals;
    private final Clock clock;

    VerifiedReturns(Refusals refusals, Clock clock) {
        this.refusals = refusals;
        this.clock = clock;
    }

    /** Whether the query carries a return for {@code p} to verify, rather than only an order id. */
    static boolean carriesReturn(Provider p, Map<String, String> params) {
        SignatureScheme scheme = p.scheme();
        return scheme.readsBrowserReturns()
                && (scheme.returnCarrier() == ReturnCarrier.QUERY ? !params.isEmpty() : params.containsKey("data"));
    }

    Verified verify(String provider, Provider p, Map<String, String> params, String sourceIp) {
        byte[] body = p.scheme().returnCarrier() == ReturnCarrier.QUERY
                ? query(provider, params, sourceIp)
                : data(provider, params, sourceIp);
        WebhookRequest request = new WebhookRequest(provider, body, Map.of());
        try {
            p.scheme().verify(request);
        } catch (WebhookRejected e) {
            throw refuse(provider, body, sourceIp, "malformed_return".equals(e.reason()) ? 400 : 401, e.reason());
        }
        Reading reading = p.read(request, Fact.RETURN);
        if (reading.failure() != null || reading.orderId() == null) {
            throw refuse(provider, body, sourceIp, 400, "malformed_return");
        }
        return new Verified(request, reading.orderId());
    }

    /** {@code data}, base64: what eSewa and IME Pay send back. */
    private byte[] data(String provider, Map<String, String> params, String sourceIp) {
        String data = params.get("data");
        if (data == null || data.isBlank() || data.length() > MAX_DATA) {
            throw refuse(provider, bytes(String.valueOf(data)), sourceIp, 400, "malformed_return");
        }
        try {
            // a '+' the browser's URL left unencoded arrives as a space; URL-safe base64 is read too
            return Base64.getDecoder()
                    .decode(data.replaceAll("[\\r\\n]", "")
                            .trim()
                            .replace(' ', '+')
                            .replace('-', '+')
                            .replace('_', '/'));
        } catch (IllegalArgumentException e) {
            throw refuse(provider, bytes(data), sourceIp, 400, "malformed_return");
        }
    }

    /** The whole query, its parameters sorted by name and form-encoded: what Khalti sends back. */
    private byte[] query(String provider, Map<String, String> params, String sourceIp) {
        StringBuilder form = new StringBuilder();
        new TreeMap<>(params)
                .forEach((name, value) -> form.append(form.isEmpty() ? "" : "&")
                        .append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                        .append('=')
                        .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        byte[] body = bytes(form.toString());
        if (body.length > MAX_DATA) {
            throw refuse(provider, Arrays.copyOf(body, MAX_DATA), sourceIp, 400, "malformed_return");
        }
        return body;
    }

    /** The refused return, never processed; the reason is safe to answer and log. */
    private Refused refuse(String provider, byte[] body, String sourceIp, int status, String reason) {
        refusals.unverified(provider, reason);
        keep(provider, body, sourceIp, reason);
        log.warn("Refused a {} browser return from {}: {}", provider, sourceIp, reason);
        return new Refused(status, reason);
    }

    /** A return's headers are the payer's browser's, not the provider's: only the data is kept. */
    private void keep(String provider, byte[] body, String sourceIp, String reason) {
        refusals.keep(new RefusedRequest(provider, clock.instant(), sourceIp, reason, Map.of(), body));
    }

    /**
     * A payer sent back to the provider's failure page: what the query holds (often nothing) is
     * kept like a refused return and never processed.
     */
    void keepFailurePage(String provider, String query, String sourceIp) {
        keep(provider, bytes(query == null ? "" : query), sourceIp, FAILURE_PAGE);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
