package dev.payhook.provider;

import java.util.List;
import java.util.Set;

/**
 * What Payhook needs from one payment provider. The pipeline knows nothing else about
 * providers: everything provider-specific stays behind this interface.
 */
public interface ProviderAdapter {

    /** Request headers (lower case) that verification and normalization read; the envelope keeps these. */
    Set<String> headerNames();

    /** Request headers verification reads but the evidence must never keep (credentials such as basic auth). */
    default Set<String> secretHeaderNames() {
        return Set.of();
    }

    /** Whether a request with this Content-Type can be one of the provider's notifications (JSON unless overridden). */
    default boolean acceptsContentType(String contentType) {
        return Acknowledgement.isJson(contentType);
    }

    /** Proves the request came from the provider, on its raw bytes; throws {@link WebhookRejected} if not. */
    void verify(WebhookRequest request);

    /** The provider's id of this delivery's event (the first lock), for the evidence log. */
    String eventId(WebhookRequest request);

    /** The events of a verified request; throws {@link UnparseablePayload} when it cannot be read. */
    List<NormalizedEvent> normalize(WebhookRequest request);

    /** The answer that tells the provider the notification was accepted: 200 unless the provider wants more. */
    default Acknowledgement ack() {
        return Acknowledgement.empty(200);
    }

    /** The answer that tells the provider the notification was refused. */
    default Acknowledgement reject(String reason) {
        return Acknowledgement.jsonError(401, reason);
    }
}
