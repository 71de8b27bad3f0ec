package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.provider.Fact;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/**
 * The objects a batch's thin notifications name, fetched from the providers' APIs before the batch's
 * database transaction opens (docs/DESIGN.md §4.3): a slow API then holds no connection and none
 * of the batch's locks. What each fetch came to is read by {@link Normalizer} in the transaction,
 * exactly as if it had fetched there: an answer, "not known", or the failure to rethrow.
 */
@Component("thinFetches")
public class ThinFetches implements Processor {

    /** Exchange property of the batch, copied to each message's exchange: {@code Map<UUID, Outcome>} by receipt. */
    static final String PROPERTY = "payhookThinFetches";

    /** What one fetch came to. */
    sealed interface Outcome {

        /** The object as the fetch answered it: empty when the provider does not know it; its failure thrown. */
        Optional<Fact> answer();

        /** The object as the API answered, or empty when the provider does not know it. */
        record Answered(Optional<Fact> answer) implements Outcome {}

        /** No answer (or no API to ask): thrown again where the fetch would have thrown. */
        record Failed(RuntimeException failure) implements Outcome {
            @Override
            public Optional<Fact> answer() {
                throw failure;
            }
        }
    }

    private final ProviderRegistry providers;

    public ThinFetches(ProviderRegistry providers) {
        this.providers = providers;
    }

    @Override
    public void process(Exchange batch) {
        Map<UUID, Outcome> outcomes = new HashMap<>();
        for (Object item : batch.getIn().getBody(List.class)) {
            if (item instanceof Message message) {
                named(message)
                        .ifPresent(named -> outcomes.put(named.receipt(), fetch(named.provider(), named.object())));
            }
        }
        batch.setProperty(PROPERTY, outcomes);
    }

    /** The fetch outcome of the message's receipt, when it was fetched before the transaction. */
    static Optional<Outcome> of(Exchange exchange, UUID receipt) {
        Map<?, ?> outcomes = exchange.getProperty(PROPERTY, Map.class);
        return outcomes == null ? Optional.empty() : Optional.ofNullable((Outcome) outcomes.get(receipt));
    }

    private record Named(UUID receipt, Provider provider, ObjectRef object) {}

    /** The object a message names; none for anything that is not a thin notification or cannot be read. */
    private Optional<Named> named(Message message) {
        try {
            Envelope envelope = Envelope.readFrom(message);
            return providers
                    .find(envelope.provider())
                    .flatMap(provider -> Normalizer.namedObject(envelope, provider, Normalizer.request(envelope))
                            .map(object -> new Named(envelope.receiptId(), provider, object)));
        } catch (RuntimeException unreadable) {
            // processing reads it again in the transaction, and judges it there
            return Optional.empty();
        }
    }

    private static Outcome fetch(Provider provider, ObjectRef object) {
        try {
            return new Outcome.Answered(provider.fetch(object));
        } catch (RuntimeException failure) {
            return new Outcome.Failed(failure);
        }
    }
}
