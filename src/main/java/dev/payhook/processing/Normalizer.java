package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.broker.Trace;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import java.util.List;
import org.apache.camel.Body;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/**
 * Step B: the delivery read once with its provider's format, and the events taken from that
 * reading. Evidence (step A) records the same reading in between.
 */
@Component("normalizer")
public class Normalizer implements Processor {

    private final ProviderRegistry providers;

    public Normalizer(ProviderRegistry providers) {
        this.providers = providers;
    }

    /**
     * The envelope off the message, its trace entered for every log line about the delivery, and
     * its reading as the new body; never throws for bad content.
     */
    @Override
    public void process(Exchange exchange) {
        Message message = exchange.getIn();
        Trace.enter(message.getHeader(Trace.TRACEPARENT, String.class));
        Envelope envelope = Envelope.readFrom(message);
        // kept before anything can fail: the dead-letter step records the delivery from it
        exchange.setProperty(Evidence.ENVELOPE, envelope);
        exchange.setProperty(
                Evidence.RECEIPT, new Receipt(envelope.receiptId(), envelope.provider(), envelope.receivedAt()));
        Provider provider = providers.find(envelope.provider()).orElse(null);
        message.setBody(
                provider == null
                        ? Reading.failed(
                                null, new UnparseablePayload("provider " + envelope.provider() + " is not enabled"))
                        : provider.read(
                                new WebhookRequest(envelope.provider(), envelope.body(), envelope.headers()),
                                envelope.fact()));
    }

    /** The events to apply, one savepoint each; a delivery that could not be read fails here. */
    public List<NormalizedEvent> events(@Body Reading reading) {
        return reading.requireEvents();
    }
}
