package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.broker.Trace;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.provider.Fact;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.Reading;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
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
        if (provider == null) {
            message.setBody(Reading.failed(
                    null, new UnparseablePayload("provider " + envelope.provider() + " is not enabled")));
            return;
        }
        WebhookRequest request = request(envelope);
        // a thin notification read on its own fails, but names its event where it has an id: the
        // dead letter of an object that cannot be fetched keeps it
        message.setBody(provider.read(request, envelope.fact()));
        Optional<ObjectRef> named = namedObject(envelope, provider, request);
        if (named.isPresent()) {
            message.setBody(
                    provider.readFetched(request, fetched(exchange, envelope.receiptId(), provider, named.get())));
        }
    }

    /** The request a delivery's envelope carries, as its provider reads it. */
    static WebhookRequest request(Envelope envelope) {
        return new WebhookRequest(envelope.provider(), envelope.body(), envelope.headers());
    }

    /** The object a delivery names to be fetched: a thin notification's; none for a fact the reconciler pulled. */
    static Optional<ObjectRef> namedObject(Envelope envelope, Provider provider, WebhookRequest request) {
        return envelope.pulled() ? Optional.empty() : provider.namedObject(request);
    }

    /**
     * The object a thin notification names, as {@link ThinFetches} fetched it before the batch's
     * transaction, or fetched now (a message processed on its own), and kept for the receipt. No
     * answer is {@link dev.payhook.provider.ApiFailure}: the message is tried again later, however
     * often, never dead-lettered for it; an object the provider does not know is dead-lettered
     * {@code unknown_object}.
     */
    private static Fact fetched(Exchange exchange, UUID receipt, Provider provider, ObjectRef object) {
        Optional<Fact> answer = ThinFetches.of(exchange, receipt)
                .map(ThinFetches.Outcome::answer)
                .orElseGet(() -> provider.fetch(object));
        Fact fetched = answer.orElseThrow(() -> new UnknownReference(
                DeadLetterReason.UNKNOWN_OBJECT,
                "the provider's API does not know the " + object.type() + " the notification names"));
        exchange.setProperty(Evidence.FETCHED, fetched);
        return fetched;
    }

    /** The events to apply, one savepoint each; a delivery that could not be read fails here. */
    public List<NormalizedEvent> events(@Body Reading reading) {
        return reading.requireEvents();
    }
}
