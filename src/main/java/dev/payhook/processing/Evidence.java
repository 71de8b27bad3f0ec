package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Reading;
import dev.payhook.store.ReceiptStore;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/**
 * Step A: the receipt row, written before anything is applied, whether or not the message can be
 * read, and committed with the message's outcome. It names the event and the order as far as the
 * reading tells them.
 */
@Component("evidence")
public class Evidence implements Processor {

    /** Exchange property holding the {@link Receipt}. */
    public static final String RECEIPT = "payhookReceipt";
    /** Exchange property holding the {@link Envelope}, for dead-lettering the raw message. */
    public static final String ENVELOPE = "payhookEnvelope";
    /** Exchange property holding the {@link dev.payhook.provider.Fact} fetched for a thin notification. */
    public static final String FETCHED = "payhookFetched";

    private final ReceiptStore receipts;

    public Evidence(ReceiptStore receipts) {
        this.receipts = receipts;
    }

    @Override
    public void process(Exchange exchange) {
        Reading reading = exchange.getIn().getBody(Reading.class);
        receipts.insert(
                exchange.getProperty(ENVELOPE, Envelope.class),
                reading.eventId(),
                reading.orderId(),
                exchange.getProperty(FETCHED, Fact.class));
    }
}
