package dev.payhook.outbox;

import dev.payhook.config.PayhookProperties;
import dev.payhook.store.OutboxStore;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.camel.ProducerTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Publishes outbox rows to Artemis after their transaction committed, apart from the webhook path.
 * Rows are locked with SKIP LOCKED, so several instances share the work; a failed publish is retried
 * with exponential backoff and jitter. Delivery is at least once: consumers dedupe on the event id.
 */
@Component
public class OutboxWorker {

    private static final Logger log = LoggerFactory.getLogger(OutboxWorker.class);

    private final OutboxStore outbox;
    private final ProducerTemplate producer;
    private final TransactionTemplate tx;
    private final PayhookProperties.Outbox settings;

    public OutboxWorker(OutboxStore outbox, ProducerTemplate producer, TransactionTemplate tx, PayhookProperties properties) {
        this.outbox = outbox;
        this.producer = producer;
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
        var due = outbox.lockDue(settings.getBatchSize());
        for (OutboxStore.Pending row : due) {
            try {
                producer.sendBodyAndHeader("jms:" + row.destination() + "?exchangePattern=InOnly",
                        row.payload(), "PayhookKind", row.kind());
                outbox.published(row.id());
            } catch (RuntimeException e) {
                long delay = backoff(row.attempts()).toMillis();
                outbox.retryLater(row.id(), delay, e.getClass().getSimpleName() + ": " + e.getMessage());
                log.warn("Outbox row {} to {} failed, retry in {} ms", row.id(), row.destination(), delay);
            }
        }
        return due.size();
    }

    /** initial * 2^attempts, capped, with full jitter in its upper half. */
    Duration backoff(int attempts) {
        long initial = settings.getInitialBackoff().toMillis();
        long cap = settings.getMaxBackoff().toMillis();
        long exp = attempts >= 30 ? cap : Math.min(cap, initial << attempts);
        return Duration.ofMillis(exp / 2 + ThreadLocalRandom.current().nextLong(exp / 2 + 1));
    }
}
