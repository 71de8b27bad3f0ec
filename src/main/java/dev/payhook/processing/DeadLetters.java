package dev.payhook.processing;

import dev.payhook.alerts.Alerts;
import dev.payhook.broker.Envelope;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.provider.Fact;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.Reading;
import dev.payhook.store.DeadLetterStore;
import dev.payhook.store.ReceiptStore;
import dev.payhook.store.Storable;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/** Records a message that failed on its own and puts its raw envelope back as the body for payhook.dlq. */
@Component("deadLetters")
public class DeadLetters {

    public static final String REASON_HEADER = "PayhookDeadLetterReason";
    public static final String ATTEMPTS_HEADER = "PayhookAttempts";
    /** The dead letter's id on its payhook.dlq copy, so a replay or discard can take the copy away. */
    public static final String ID_HEADER = "PayhookDeadLetterId";

    private static final Logger log = LoggerFactory.getLogger(DeadLetters.class);

    private final DeadLetterStore deadLetters;
    private final ReceiptStore receipts;
    private final TransactionTemplate tx;
    private final MeterRegistry meters;
    private final Alerts alerts;
    private final ReceiptMetrics metrics;
    private final ProviderRegistry providers;

    public DeadLetters(
            DeadLetterStore deadLetters,
            ReceiptStore receipts,
            TransactionTemplate tx,
            MeterRegistry meters,
            Alerts alerts,
            ReceiptMetrics metrics,
            ProviderRegistry providers) {
        this.metrics = metrics;
        this.providers = providers;
        this.deadLetters = deadLetters;
        this.receipts = receipts;
        // its own savepoint in the batch: a failure here leaves the other messages of the batch alone
        this.tx = new TransactionTemplate(tx.getTransactionManager());
        this.tx.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
        this.meters = meters;
        this.alerts = alerts;
    }

    /** Every provider's reasons at zero from the start, so a rule on {@code increase()} tells "none yet" from "not reported". */
    @EventListener(ApplicationStartedEvent.class)
    void seriesAtZero() {
        for (String provider : providers.enabled().keySet()) {
            for (DeadLetterReason reason : DeadLetterReason.values()) {
                deadLettered(provider, reason);
            }
        }
    }

    private Counter deadLettered(String provider, DeadLetterReason reason) {
        return meters.counter("payhook.processing.dead_lettered", "provider", provider, "reason", reason.wireName());
    }

    public void record(Exchange exchange) {
        Throwable failure = Failures.failure(exchange);
        DeadLetterReason reason = Failures.reason(failure);
        String detail = Storable.text(Failures.detail(failure), 1000);
        Envelope e = exchange.getProperty(Evidence.ENVELOPE, Envelope.class);
        if (e == null) {
            // not a message the ingress wrote: nothing to record, it goes to payhook.dlq as it is
            exchange.getIn().setHeader(REASON_HEADER, DeadLetterReason.NOT_A_PAYHOOK_ENVELOPE.wireName());
            log.warn("Dead-lettered a message on payhook.inbound that is not a Payhook envelope");
            return;
        }
        UUID id = UUID.randomUUID();
        tx.executeWithoutResult(s -> {
            // the delivery's savepoint took its receipt back with everything else: a dead letter always has one
            Reading reading = exchange.getIn().getBody() instanceof Reading r ? r : null;
            receipts.insert(
                    e,
                    reading == null ? null : reading.eventId(),
                    reading == null ? null : reading.orderId(),
                    exchange.getProperty(Evidence.FETCHED, Fact.class));
            String eventType = reading == null || reading.events().isEmpty()
                    ? null
                    : reading.events().get(0).providerType();
            deadLetters.add(id, e.receiptId(), reason, eventType, detail);
            receipts.outcome(e.receiptId(), ReceiptOutcome.DEAD_LETTERED, reason.wireName(), null);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("provider", e.provider());
            details.put("receipt_id", e.receiptId().toString());
            details.put("dead_letter_id", id.toString());
            details.put("detail", detail);
            alerts.raise(reason, id.toString(), details);
        });
        deadLettered(e.provider(), reason).increment();
        metrics.outcome(new Receipt(e.receiptId(), e.provider(), e.receivedAt()), ReceiptOutcome.DEAD_LETTERED);
        // an expected outcome, said in one line (the trace id is the line's): no stack trace
        log.warn(
                "Dead-lettered receipt {} of {}: {} (dead letter {})",
                e.receiptId(),
                e.provider(),
                reason.wireName(),
                id);
        int attempts = Failures.attempt(exchange);
        e.writeTo(exchange.getIn());
        exchange.getIn().setHeader(REASON_HEADER, reason.wireName());
        exchange.getIn().setHeader(ATTEMPTS_HEADER, attempts);
        exchange.getIn().setHeader(ID_HEADER, id.toString());
    }
}
