package dev.payhook.processing;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.broker.Envelope;
import dev.payhook.store.DeadLetterStore;
import dev.payhook.store.DeadLetterStore.DeadLetter;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ReceiptStore;
import jakarta.jms.ConnectionFactory;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.camel.ProducerTemplate;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Sends a dead letter's message back through processing, from the evidence (the raw bytes as
 * received, under the same receipt id), and records who did it. Discarding only closes it: the
 * receipt keeps the evidence. Either way its copy leaves payhook.dlq, which so holds the open ones.
 */
@Component
public class Replayer {

    static final String INBOUND =
            Destination.INBOUND.uri("exchangePattern=InOnly&deliveryPersistent=true&jmsMessageType=Bytes");

    /** What became of the request: done, or why not. */
    public enum Result {
        DONE,
        UNKNOWN,
        NOT_OPEN
    }

    private final DeadLetterStore deadLetters;
    private final ReceiptStore receipts;
    private final OpsActionStore actions;
    private final ProducerTemplate producer;
    private final JmsTemplate dlq;

    public Replayer(
            DeadLetterStore deadLetters,
            ReceiptStore receipts,
            OpsActionStore actions,
            ProducerTemplate producer,
            ConnectionFactory connectionFactory) {
        this.deadLetters = deadLetters;
        this.receipts = receipts;
        this.actions = actions;
        this.producer = producer;
        // a plain connection: a caching factory would keep one consumer per selector open for good
        this.dlq = new JmsTemplate(BrokerConnections.uncached(connectionFactory));
        this.dlq.setReceiveTimeout(500);
    }

    /**
     * The message is on payhook.inbound before this transaction commits; should the commit fail,
     * the dead letter stays open and a second replay is a duplicate, never a double effect.
     */
    @Transactional
    public Result replay(UUID id, String actor) {
        return close(id, actor, DeadLetterStore.Status.REPLAYED, "replay_dead_letter", d -> {
            Envelope envelope = receipts.envelope(d.receiptId()).orElseThrow();
            Exception failed = producer.send(INBOUND, exchange -> envelope.writeTo(exchange.getIn()))
                    .getException();
            if (failed != null) {
                throw new IllegalStateException("the broker did not take the replayed message", failed);
            }
        });
    }

    @Transactional
    public Result discard(UUID id, String actor) {
        return close(id, actor, DeadLetterStore.Status.DISCARDED, "discard_dead_letter", d -> {});
    }

    /** Closes an open dead letter as {@code status}, records {@code what} and who did it, then does {@code action}. */
    private Result close(
            UUID id, String actor, DeadLetterStore.Status status, String what, Consumer<DeadLetter> action) {
        Optional<DeadLetter> found = deadLetters.lock(id);
        if (found.isEmpty()) {
            return Result.UNKNOWN;
        }
        DeadLetter d = found.get();
        if (d.status() != DeadLetterStore.Status.OPEN) {
            return Result.NOT_OPEN;
        }
        deadLetters.close(id, status, actor);
        actions.record(actor, what, id.toString(), d.receiptId(), "reason was " + d.reason());
        action.accept(d);
        dlq.receiveSelected(Destination.DLQ.address(), DeadLetters.ID_HEADER + " = '" + id + "'");
        return Result.DONE;
    }
}
