package dev.payhook.processing;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.broker.Envelope;
import dev.payhook.store.DeadLetterFilter;
import dev.payhook.store.DeadLetterStore;
import dev.payhook.store.DeadLetterStore.DeadLetter;
import dev.payhook.store.DeadLetterStore.Status;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ReceiptStore;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageConsumer;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.camel.ProducerTemplate;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends dead letters' messages back through processing, from the evidence (the raw bytes as
 * received, under the same receipt id), and records who did it. Discarding only closes them: the
 * receipts keep the evidence. Either way their copies leave payhook.dlq, which so holds the open ones.
 */
@Component
public class Replayer {

    static final String INBOUND =
            Destination.INBOUND.uri("exchangePattern=InOnly&deliveryPersistent=true&jmsMessageType=Bytes");

    /** Dead letters closed per transaction of a bulk action. */
    static final int CHUNK = 100;

    /** What became of the request: done, or why not. */
    public enum Result {
        DONE,
        UNKNOWN,
        NOT_OPEN
    }

    /** A bulk action: its id, shared by its ops action rows, and how many dead letters it closed. */
    public record Batch(UUID id, int count) {}

    private final DeadLetterStore deadLetters;
    private final ReceiptStore receipts;
    private final OpsActionStore actions;
    private final ProducerTemplate producer;
    private final TransactionTemplate tx;
    private final JmsTemplate dlq;

    public Replayer(
            DeadLetterStore deadLetters,
            ReceiptStore receipts,
            OpsActionStore actions,
            ProducerTemplate producer,
            TransactionTemplate tx,
            ConnectionFactory connectionFactory) {
        this.deadLetters = deadLetters;
        this.receipts = receipts;
        this.actions = actions;
        this.producer = producer;
        this.tx = tx;
        // a plain connection: a caching factory would keep one consumer per selector open for good
        this.dlq = new JmsTemplate(BrokerConnections.uncached(connectionFactory));
    }

    /**
     * The message is on payhook.inbound before this transaction commits; should the commit fail,
     * the dead letter stays open and a second replay is a duplicate, never a double effect.
     */
    @Transactional
    public Result replay(UUID id, String actor) {
        return closeOne(id, actor, Status.REPLAYED);
    }

    @Transactional
    public Result discard(UUID id, String actor) {
        return closeOne(id, actor, Status.DISCARDED);
    }

    /**
     * Replays every open dead letter {@code filter} names, {@value #CHUNK} per transaction. Those
     * named when it starts, not the ones a replay sends back here (the cause not yet fixed).
     */
    public Batch replayAll(DeadLetterFilter filter, String actor) {
        return closeAll(filter, actor, Status.REPLAYED);
    }

    public Batch discardAll(DeadLetterFilter filter, String actor) {
        return closeAll(filter, actor, Status.DISCARDED);
    }

    private Result closeOne(UUID id, String actor, Status status) {
        Optional<DeadLetter> found = deadLetters.lock(id);
        if (found.isEmpty()) {
            return Result.UNKNOWN;
        }
        if (found.get().status() != Status.OPEN) {
            return Result.NOT_OPEN;
        }
        close(List.of(found.get()), actor, status, null);
        return Result.DONE;
    }

    private Batch closeAll(DeadLetterFilter filter, String actor, Status status) {
        UUID batch = UUID.randomUUID();
        List<UUID> named = deadLetters.ids(filter.open());
        int closed = 0;
        for (int from = 0; from < named.size(); from += CHUNK) {
            List<UUID> chunk = named.subList(from, Math.min(named.size(), from + CHUNK));
            closed += tx.execute(s -> {
                // replayed or discarded one by one meanwhile: left as they are
                List<DeadLetter> open = deadLetters.lock(chunk).stream()
                        .filter(d -> d.status() == Status.OPEN)
                        .toList();
                if (!open.isEmpty()) {
                    close(open, actor, status, batch);
                }
                return open.size();
            });
        }
        return new Batch(batch, closed);
    }

    /** Closes locked open dead letters as {@code status}, records who did it, replays them if so asked. */
    private void close(List<DeadLetter> open, String actor, Status status, UUID batch) {
        List<UUID> ids = open.stream().map(DeadLetter::id).toList();
        deadLetters.close(ids, status, actor);
        String action = status == Status.REPLAYED ? "replay_dead_letter" : "discard_dead_letter";
        actions.recordBatch(
                actor,
                action,
                batch,
                open.stream()
                        .map(d ->
                                new OpsActionStore.Target(d.id().toString(), d.receiptId(), "reason was " + d.reason()))
                        .toList());
        if (status == Status.REPLAYED) {
            open.forEach(this::send);
        }
        takeCopies(ids);
    }

    private void send(DeadLetter d) {
        Envelope envelope = receipts.envelope(d.receiptId()).orElseThrow();
        Exception failed = producer.send(INBOUND, exchange -> envelope.writeTo(exchange.getIn()))
                .getException();
        if (failed != null) {
            throw new IllegalStateException("the broker did not take the replayed message", failed);
        }
    }

    /** Takes the payhook.dlq copies of {@code ids} away, through one consumer. */
    private void takeCopies(List<UUID> ids) {
        String selector = DeadLetters.ID_HEADER + " IN ("
                + ids.stream().map(id -> "'" + id + "'").collect(Collectors.joining(", ")) + ")";
        dlq.execute(
                session -> {
                    try (MessageConsumer copies =
                            session.createConsumer(session.createQueue(Destination.DLQ.address()), selector)) {
                        int taken = 0;
                        while (taken < ids.size() && copies.receive(500) != null) {
                            taken++;
                        }
                    }
                    return null;
                },
                true);
    }
}
