package dev.payhook.processing;

import dev.payhook.ingress.Envelope;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.store.ReceiptStore;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/** Step A: the receipt row, committed on its own before anything is interpreted. */
@Component("evidence")
public class Evidence {

    /** Exchange property holding the {@link Receipt}. */
    public static final String RECEIPT = "payhookReceipt";
    /** Exchange property holding the {@link Envelope}, for dead-lettering the raw message. */
    public static final String ENVELOPE = "payhookEnvelope";

    private final ReceiptStore receipts;
    private final ProviderRegistry providers;

    public Evidence(ReceiptStore receipts, ProviderRegistry providers) {
        this.receipts = receipts;
        this.providers = providers;
    }

    public void record(Exchange exchange) {
        Envelope envelope = Envelope.readFrom(exchange.getIn());
        receipts.insert(envelope, eventId(envelope));
        exchange.setProperty(ENVELOPE, envelope);
        exchange.setProperty(RECEIPT, new Receipt(envelope.receiptId(), envelope.provider()));
    }

    /** The evidence names the event even when the rest of the message cannot be read. */
    private String eventId(Envelope envelope) {
        try {
            return providers.find(envelope.provider())
                    .map(a -> a.eventId(new WebhookRequest(envelope.provider(), envelope.body(), envelope.headers())))
                    .orElse(null);
        } catch (UnparseablePayload e) {
            return null;
        }
    }
}
