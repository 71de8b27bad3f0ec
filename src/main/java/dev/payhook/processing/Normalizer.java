package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ProviderAdapter;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import java.util.List;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/** Step B: the provider's adapter turns the raw message into normalized events. */
@Component("normalizer")
public class Normalizer {

    /** Exchange property holding the {@link Parsed} message. */
    static final String PARSED = "payhookParsed";

    /** The events of a message, or why it cannot be read; the event and order it names either way, as far as known. */
    record Parsed(List<NormalizedEvent> events, UnparseablePayload failure, String eventId, String orderId) {}

    private final ProviderRegistry providers;

    public Normalizer(ProviderRegistry providers) {
        this.providers = providers;
    }

    /** Reads the message once, for the evidence row and for the events; never throws for bad content. */
    Parsed parse(Envelope envelope) {
        WebhookRequest request = new WebhookRequest(envelope.provider(), envelope.body(), envelope.headers());
        ProviderAdapter adapter = providers.find(envelope.provider()).orElse(null);
        if (adapter == null) {
            return new Parsed(
                    List.of(),
                    new UnparseablePayload("provider " + envelope.provider() + " is not enabled"),
                    null,
                    null);
        }
        try {
            List<NormalizedEvent> events = adapter.normalize(request);
            if (events.isEmpty()) {
                throw new UnparseablePayload("no event in the message");
            }
            return new Parsed(
                    events, null, adapter.eventId(request), events.get(0).orderId());
        } catch (UnparseablePayload e) {
            return new Parsed(List.of(), e, eventIdOf(adapter, request), null);
        }
    }

    public List<NormalizedEvent> normalize(Exchange exchange) {
        Parsed parsed = exchange.getProperty(PARSED, Parsed.class);
        if (parsed.failure() != null) {
            throw parsed.failure();
        }
        return parsed.events();
    }

    private static String eventIdOf(ProviderAdapter adapter, WebhookRequest request) {
        try {
            return adapter.eventId(request);
        } catch (UnparseablePayload e) {
            return null;
        }
    }
}
