package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.broker.Trace;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.provider.Fact;
import dev.payhook.refund.FactSink;
import dev.payhook.store.ReceiptStore;
import dev.payhook.store.ReceiptStore.Settled;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.springframework.stereotype.Component;

/**
 * A fact the reconciler pulled from a provider's API, processed at once by the same route as a
 * webhook (routes/processing.yaml, {@code direct:process}): its own evidence receipt, the adapter,
 * the event-id lock, derived state. A failure that processing would have the broker redeliver is
 * retried here a few times, then thrown: the run fails and the next one starts afresh.
 */
@Component
public class FactIntake implements FactSink {

    private static final String PROCESS = "direct:process";
    private static final int INFRASTRUCTURE_ATTEMPTS = 3;

    /** What processing made of one fact: its receipt, the order it concerns, and the one outcome that sums it up. */
    public record Taken(UUID receiptId, String eventId, String orderId, ReceiptOutcome outcome, String reason) {

        /** Changed something: some event of it was applied. */
        public boolean applied() {
            return outcome == ReceiptOutcome.APPLIED;
        }

        /** Already known: every event a duplicate or stale. */
        public boolean unchanged() {
            return outcome == ReceiptOutcome.DUPLICATE || outcome == ReceiptOutcome.STALE;
        }
    }

    /** The outcome that sums up a fact, the one that most needs a person first. */
    private static final List<ReceiptOutcome> SEVERITY = List.of(
            ReceiptOutcome.DEAD_LETTERED,
            ReceiptOutcome.REVIEW,
            ReceiptOutcome.REJECTED_MODE,
            ReceiptOutcome.REJECTED_ACCOUNT,
            ReceiptOutcome.APPLIED,
            ReceiptOutcome.IGNORED,
            ReceiptOutcome.STALE,
            ReceiptOutcome.DUPLICATE);

    private final ProducerTemplate producer;
    private final ReceiptStore receipts;

    public FactIntake(ProducerTemplate producer, ReceiptStore receipts) {
        this.producer = producer;
        this.receipts = receipts;
    }

    @Override
    public void apply(String provider, Fact fact) {
        take(provider, fact, null);
    }

    public Taken take(String provider, Fact fact, UUID runId) {
        String trace = Trace.current() != null ? Trace.current() : Trace.newTrace();
        Envelope envelope = new Envelope(
                UUID.randomUUID(), provider, Instant.now(), null, Map.of(), trace, fact.body(), fact.kind(), runId);
        for (int attempt = 1; ; attempt++) {
            Exchange done = producer.send(PROCESS, exchange -> envelope.writeTo(exchange.getIn()));
            Exception failure = done.getException();
            if (failure == null) {
                break;
            }
            if (!Failures.isInfrastructure(failure) || attempt >= INFRASTRUCTURE_ATTEMPTS) {
                throw new IllegalStateException(
                        "processing a " + fact.kind() + " fact of " + provider + " failed: " + failure.getMessage(),
                        failure);
            }
        }
        Settled settled = receipts.settled(envelope.receiptId())
                .orElseThrow(() -> new IllegalStateException("no receipt for fact " + envelope.receiptId()));
        ReceiptOutcome outcome = settled.outcome() == ReceiptOutcome.DEAD_LETTERED
                ? ReceiptOutcome.DEAD_LETTERED
                : SEVERITY.stream()
                        .filter(settled.events()::contains)
                        .findFirst()
                        .orElse(settled.outcome());
        return new Taken(envelope.receiptId(), settled.eventId(), settled.orderId(), outcome, settled.reason());
    }
}
