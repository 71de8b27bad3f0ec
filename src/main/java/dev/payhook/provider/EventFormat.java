package dev.payhook.provider;

import java.util.Optional;
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

    /**
     * The object a thin notification names, to be fetched before anything is read; empty for a
     * notification that carries its facts. Never throws for bad content (such a notification is
     * read, and fails, as any other).
     */
    default Optional<ObjectRef> namesObject(WebhookRequest request) {
        return Optional.empty();
    }

    /**
     * A thin notification's events, read from the object the provider's API answered for it (and,
     * where the notification says more than the object's name, from both). Never throws for bad
     * content.
     */
    default Reading readFetched(WebhookRequest notification, Fact fetched) {
        return Reading.failed(null, new UnparseablePayload("this format names no object to fetch"));
    }
}
