package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.store.ReceiptStore;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * Step A: the receipt row, committed on its own before anything is applied, whether or not the
 * message can be read. It names the event and the order as far as the message tells them.
 */
@Component("evidence")
public class Evidence {

    /** Exchange property holding the {@link Receipt}. */
    public static final String RECEIPT = "payhookReceipt";
    /** Exchange property holding the {@link Envelope}, for dead-lettering the raw message. */
    public static final String ENVELOPE = "payhookEnvelope";

    private final ReceiptStore receipts;
    private final Normalizer normalizer;

    public Evidence(ReceiptStore receipts, Normalizer normalizer) {
        this.receipts = receipts;
        this.normalizer = normalizer;
    }

    public void record(Exchange exchange) {
        Envelope envelope = Envelope.readFrom(exchange.getIn());
        // set first: should anything below fail, the dead-letter step still has the delivery to record
        exchange.setProperty(ENVELOPE, envelope);
        Normalizer.Parsed parsed = normalizer.parse(envelope);
        receipts.insert(envelope, parsed.eventId(), parsed.orderId());
        exchange.setProperty(Normalizer.PARSED, parsed);
        exchange.setProperty(RECEIPT, new Receipt(envelope.receiptId(), envelope.provider()));
    }
}
