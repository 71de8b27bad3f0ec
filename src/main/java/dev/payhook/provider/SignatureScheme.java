package dev.payhook.provider;

import java.util.Set;

/**
 * How a provider proves that a request is its own, on the raw bytes, and how it wants to be
 * answered. The ingress knows providers only through this.
 */
public interface SignatureScheme {

    /** Request headers (lower case) verification reads; the envelope keeps these. */
    Set<String> headerNames();

    /** Request headers verification reads but the evidence must never keep (credentials such as basic auth). */
    default Set<String> secretHeaderNames() {
        return Set.of();
    }

    /** Whether a request with this Content-Type can be one of the provider's notifications (JSON unless overridden). */
    default boolean acceptsContentType(String contentType) {
        return Acknowledgement.isJson(contentType);
    }

    /**
     * Whether the provider has no webhook and this scheme verifies the payer's browser return
     * instead, {@code GET /returns/<provider>?..}, carried as {@link #returnCarrier} says.
     */
    default boolean readsBrowserReturns() {
        return false;
    }

    /** Where a browser return carries what a scheme that {@linkplain #readsBrowserReturns reads them} verifies. */
    enum ReturnCarrier {
        /** {@code ?data=<base64>}: the decoded {@code data} is the request's body (eSewa, IME Pay). */
        DATA,
        /** The whole query: its parameters, sorted by name and form-encoded, are the body (Khalti). */
        QUERY
    }

    default ReturnCarrier returnCarrier() {
        return ReturnCarrier.DATA;
    }

    /**
     * Whether {@link #verify} proves anything: false for a provider that signs nothing (Mollie),
     * whose notifications the ingress bounds instead (per-source rate, one fetch per object per
     * window).
     */
    default boolean authenticates() {
        return true;
    }

    /** Proves the request came from the provider; throws {@link WebhookRejected} if not. */
    void verify(WebhookRequest request);

    /** The answer that tells the provider the notification was accepted. */
    default Acknowledgement ack() {
        return Acknowledgement.empty(200);
    }

    /** The answer that tells the provider the notification was refused. */
    default Acknowledgement reject(String reason) {
        return Acknowledgement.jsonError(401, reason);
    }
}
