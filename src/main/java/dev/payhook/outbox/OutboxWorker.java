package dev.payhook.outbox;

import dev.payhook.broker.Destination;
import dev.payhook.broker.Trace;
import dev.payhook.config.PayhookProperties;
import dev.payhook.store.OutboxStore;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Publishes outbox rows to Artemis after their transaction committed, apart from the webhook path.
 * Rows are locked with SKIP LOCKED, so several instances share the work; a batch goes out in one
 * JMS transaction, and a failed batch is retried with exponential backoff and jitter. Delivery is
 * at least once: consumers dedupe on the event id.
 */
@Component
public class OutboxWorker {

    private static final Logger log = LoggerFactory.getLogger(OutboxWorker.class);

    private final OutboxStore outbox;
    private final ConnectionFactory connectionFactory;
    private final TransactionTemplate tx;
    private final PayhookProperties.Outbox settings;

    public OutboxWorker(
            OutboxStore outbox,
            ConnectionFactory connectionFactory,
            TransactionTemplate tx,
            PayhookProperties properties) {
        this.outbox = outbox;
        this.connectionFactory = connectionFactory;
        this.tx = tx;
        this.settings = properties.getOutbox();
    }

    @Scheduled(fixedDelayString = "${payhook.outbox.poll-interval:200ms}")
    public void publishDue() {
        try {
            Integer published;
            do {
                published = tx.execute(s -> publishBatch());
            } while (published != null && published == settings.getBatchSize());
        } catch (RuntimeException e) {
            log.warn("Outbox poll failed, will try again: {}", e.toString());
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
                    message.setStringProperty("PayhookKind", row.kind());
                    message.setStringProperty("PayhookKey", row.dedupeKey());
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
