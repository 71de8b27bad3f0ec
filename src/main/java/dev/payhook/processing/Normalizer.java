package dev.payhook.processing;

import dev.payhook.ingress.Envelope;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ProviderAdapter;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.store.ReceiptStore;
import java.util.List;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/** Step B: the provider's adapter turns the raw message into normalized events. */
@Component("normalizer")
public class Normalizer {

    private final ProviderRegistry providers;
    private final ReceiptStore receipts;

    public Normalizer(ProviderRegistry providers, ReceiptStore receipts) {
        this.providers = providers;
        this.receipts = receipts;
    }

    public List<NormalizedEvent> normalize(Exchange exchange) {
        Envelope envelope = exchange.getProperty(Evidence.ENVELOPE, Envelope.class);
        ProviderAdapter adapter = providers.find(envelope.provider())
                .orElseThrow(() -> new UnparseablePayload("provider " + envelope.provider() + " is not enabled"));
        WebhookRequest request = new WebhookRequest(envelope.provider(), envelope.body(), envelope.headers());
        // the evidence names the event even when the rest of the message cannot be read
        receipts.identify(envelope.receiptId(), adapter.eventId(request));
        List<NormalizedEvent> events = adapter.normalize(request);
        if (events.isEmpty()) {
            throw new UnparseablePayload("no event in the message");
        }
        receipts.linkOrder(envelope.receiptId(), events.get(0).orderId());
        return events;
    }
}
