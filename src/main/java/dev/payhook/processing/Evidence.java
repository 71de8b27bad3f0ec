package dev.payhook.processing;

import dev.payhook.ingress.Envelope;
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

    public Evidence(ReceiptStore receipts) {
        this.receipts = receipts;
    }

    public void record(Exchange exchange) {
        Envelope envelope = Envelope.readFrom(exchange.getIn());
        receipts.insert(envelope);
        exchange.setProperty(ENVELOPE, envelope);
        exchange.setProperty(RECEIPT, new Receipt(envelope.receiptId(), envelope.provider()));
    }
}
