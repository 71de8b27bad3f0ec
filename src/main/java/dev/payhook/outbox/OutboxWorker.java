package dev.payhook.outbox;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.broker.Trace;
import dev.payhook.config.PayhookProperties;
import dev.payhook.store.OutboxSignal;
import dev.payhook.store.OutboxStore;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Publishes outbox rows to Artemis after their transaction committed, apart from the webhook path.
 * Rows are locked with SKIP LOCKED, so several workers and instances share the work; a batch goes
 * out in one JMS transaction, and a failed batch is retried with exponential backoff and jitter.
 * Delivery is at least once, in no set order across workers: consumers dedupe on the key, and an
 * order's messages carry its version. The workers are threads of their own, woken by this
 * instance's commits ({@link OutboxSignal}) and polling for the rest: on a shared scheduler thread,
 * one worker published a third of the rows processing made at full rate, and the merchant heard of
 * a payment a minute late.
 */
@Component
public class OutboxWorker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OutboxWorker.class);

    /** How long a stop waits for the workers' batches in hand, all of them together. */
    static final Duration STOP_WITHIN = Duration.ofSeconds(10);

    private final OutboxStore outbox;
    private final ConnectionFactory connectionFactory;
    private final TransactionTemplate tx;
    private final PayhookProperties.Outbox settings;
    private final OutboxSignal signal;
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean running;

    public OutboxWorker(
            OutboxStore outbox,
            ConnectionFactory connectionFactory,
            TransactionTemplate tx,
            PayhookProperties properties,
            OutboxSignal signal) {
        this.outbox = outbox;
        this.connectionFactory = connectionFactory;
        this.tx = tx;
        this.settings = properties.getOutbox();
        this.signal = signal;
    }

    @Override
    public synchronized void start() {
        running = true;
        for (int i = 1; i <= settings.getWorkers(); i++) {
            Thread worker = new Thread(this::work, "payhook-outbox-" + i);
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
    }

    /**
     * Ends once the batches in hand are published, before the broker and the database close: the
     * workers finish them all within {@link #STOP_WITHIN}. A worker still sending then waits on a
     * broker that is gone, inside the client's reconnection, which holds the connection's lock, so
     * nothing could close that connection any more and the process would never end. The broker
     * client is closed instead: its reconnection ends, the batch's transaction rolls back, and its
     * rows go out after the next start. Nothing is lost, and the stop ends in time.
     */
    @Override
    public synchronized void stop() {
        running = false;
        signal.committed();
        try {
            if (!joined(STOP_WITHIN)) {
                log.warn(
                        "The outbox could not publish for {} at shutdown: the broker is unreachable; its "
                                + "client is closed, and the rows not published go out after the next start",
                        STOP_WITHIN);
                BrokerConnections.artemis(connectionFactory).close();
                joined(Duration.ofSeconds(5));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.clear();
    }

    /** Whether every worker ended within {@code atMost}, all together. */
    private boolean joined(Duration atMost) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        for (Thread worker : workers) {
            worker.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
        return workers.stream().noneMatch(Thread::isAlive);
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void work() {
        long seen = signal.commits();
        while (running) {
            try {
                Integer published = tx.execute(s -> publishBatch());
                if (published == null || published < settings.getBatchSize()) {
                    seen = signal.await(seen, settings.getPollInterval());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                log.warn("Outbox poll failed, will try again: {}", e.toString());
                sleep(settings.getPollInterval());
            }
        }
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private int publishBatch() {
        List<OutboxStore.Pending> due = outbox.lockDue(settings.getBatchSize());
        if (due.isEmpty()) {
            return 0;
        }
        try {
            send(due);
            outbox.published(due.stream().map(OutboxStore.Pending::id).toList());
        } catch (JMSException | RuntimeException e) {
            for (OutboxStore.Pending row : due) {
                outbox.retryLater(
                        row.id(),
                        backoff(row.attempts()).toMillis(),
                        e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            log.warn("Publishing {} outbox rows failed, will retry with backoff: {}", due.size(), e.toString());
        }
        return due.size();
    }

    private void send(List<OutboxStore.Pending> rows) throws JMSException {
        try (Connection connection = connectionFactory.createConnection();
                Session session = connection.createSession(true, Session.SESSION_TRANSACTED)) {
            for (OutboxStore.Pending row : rows) {
                Destination d = row.destination();
                try (MessageProducer producer = session.createProducer(
                        d.isTopic() ? session.createTopic(d.address()) : session.createQueue(d.address()))) {
                    Message message = session.createTextMessage(row.payload());
                    message.setStringProperty(EventSubscribers.KIND, row.kind());
                    message.setStringProperty(EventSubscribers.KEY, row.dedupeKey());
                    if (row.traceparent() != null) {
                        message.setStringProperty(Trace.TRACEPARENT, row.traceparent());
                    }
                    producer.send(message, DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY, 0);
                }
            }
            session.commit();
        }
    }

    /** initial * 2^attempts, capped, with full jitter in its upper half. */
    Duration backoff(int attempts) {
        long initial = settings.getInitialBackoff().toMillis();
        long cap = settings.getMaxBackoff().toMillis();
        long exp = attempts >= 30 ? cap : Math.min(cap, initial << attempts);
        return Duration.ofMillis(exp / 2 + ThreadLocalRandom.current().nextLong(exp / 2 + 1));
    }
}
