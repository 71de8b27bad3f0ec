package dev.payhook.provider;

import java.util.Set;

/**
 * How a provider's notification reads: in one parse, the id of its event (the first lock) and its
 * events in Payhook's terms. Processing knows providers only through this.
 */
public interface EventFormat {

    /** Request headers (lower case) the format reads beyond those of the scheme; the envelope keeps these. */
    default Set<String> headerNames() {
        return Set.of();
    }

    /** Never throws for bad content: a notification it cannot read is a {@link Reading} with its failure. */
    Reading read(WebhookRequest request);
}
