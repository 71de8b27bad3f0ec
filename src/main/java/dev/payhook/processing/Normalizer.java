package dev.payhook.processing;

import dev.payhook.ingress.Envelope;
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

    private final ProviderRegistry providers;

    public Normalizer(ProviderRegistry providers) {
        this.providers = providers;
    }

    public List<NormalizedEvent> normalize(Exchange exchange) {
        Envelope envelope = exchange.getProperty(Evidence.ENVELOPE, Envelope.class);
        ProviderAdapter adapter = providers.find(envelope.provider())
                .orElseThrow(() -> new UnparseablePayload("provider " + envelope.provider() + " is not enabled"));
        List<NormalizedEvent> events = adapter.normalize(
                new WebhookRequest(envelope.provider(), envelope.body(), envelope.headers()));
        if (events.isEmpty()) {
            throw new UnparseablePayload("no event in the message");
        }
        return events;
    }
}
