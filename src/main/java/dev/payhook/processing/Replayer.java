package dev.payhook.processing;

import dev.payhook.ingress.Envelope;
import dev.payhook.store.DeadLetterStore;
import dev.payhook.store.DeadLetterStore.DeadLetter;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ReceiptStore;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.ProducerTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Sends a dead letter's message back through processing, from the evidence (the raw bytes as
 * received, under the same receipt id), and records who did it. Discarding only closes it: the
 * receipt keeps the evidence.
 */
@Component
public class Replayer {

    static final String INBOUND = "jms:queue:payhook.inbound?exchangePattern=InOnly&deliveryPersistent=true&jmsMessageType=Bytes";

    /** What became of the request: done, or why not. */
    public enum Result { DONE, UNKNOWN, NOT_OPEN }

    private final DeadLetterStore deadLetters;
    private final ReceiptStore receipts;
    private final OpsActionStore actions;
    private final ProducerTemplate producer;

    public Replayer(DeadLetterStore deadLetters, ReceiptStore receipts, OpsActionStore actions, ProducerTemplate producer) {
        this.deadLetters = deadLetters;
        this.receipts = receipts;
        this.actions = actions;
        this.producer = producer;
    }

    /**
     * The message is on payhook.inbound before this transaction commits; should the commit fail,
     * the dead letter stays open and a second replay is a duplicate, never a double effect.
     */
    @Transactional
    public Result replay(UUID id, String actor) {
        Optional<DeadLetter> found = deadLetters.lock(id);
        if (found.isEmpty()) {
            return Result.UNKNOWN;
        }
        DeadLetter d = found.get();
        if (!d.status().equals("open")) {
            return Result.NOT_OPEN;
        }
        Envelope envelope = receipts.envelope(d.receiptId()).orElseThrow();
        deadLetters.close(id, "replayed", actor);
        actions.record(actor, "replay_dead_letter", id.toString(), d.receiptId(), "reason was " + d.reason());
        Exception failed = producer.send(INBOUND, exchange -> envelope.writeTo(exchange.getIn())).getException();
        if (failed != null) {
            throw new IllegalStateException("the broker did not take the replayed message", failed);
        }
        return Result.DONE;
    }

    @Transactional
    public Result discard(UUID id, String actor) {
        Optional<DeadLetter> found = deadLetters.lock(id);
        if (found.isEmpty()) {
            return Result.UNKNOWN;
        }
        DeadLetter d = found.get();
        if (!d.status().equals("open")) {
            return Result.NOT_OPEN;
        }
        deadLetters.close(id, "discarded", actor);
        actions.record(actor, "discard_dead_letter", id.toString(), d.receiptId(), "reason was " + d.reason());
        return Result.DONE;
    }
}
