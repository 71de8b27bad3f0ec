package dev.payhook.alerts;

import dev.payhook.broker.Destination;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.payment.ReviewKind;
import dev.payhook.payment.WireName;
import dev.payhook.store.AfterCommit;
import dev.payhook.store.OutboxStore;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Anomalies for ops: a message on the queue payhook.alerts, written to the outbox in the transaction
 * that found the anomaly (so an alert exists exactly when its cause was committed), and the counter
 * {@code payhook.alerts{kind}}, counted after that commit.
 */
@Component
public class Alerts {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final OutboxStore outbox;
    private final MeterRegistry meters;
    private final Clock clock;

    public Alerts(OutboxStore outbox, MeterRegistry meters, Clock clock) {
        this.outbox = outbox;
        this.meters = meters;
        this.clock = clock;
    }

    /** Raises the alert {@code kind} about {@code subject} once, however often the cause is found again. */
    /**
     * {@code kind} is the anomaly's own vocabulary: a {@link dev.payhook.payment.DeadLetterReason},
     * a {@link dev.payhook.payment.ReviewKind}, an outcome, or an {@link AlertKind}.
     */
    public void raise(WireName anomaly, String subject, Map<String, Object> details) {
        String kind = anomaly.wireName();
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("kind", kind);
        payload.put("subject", subject);
        payload.put("raised_at", clock.instant().toString());
        payload.putAll(details);
        if (outbox.addNow(
                Destination.ALERTS, kind, "alert:" + kind + ":" + subject, JSON.writeValueAsString(payload))) {
            count(kind);
        }
    }

    private void count(String kind) {
        AfterCommit.run(() -> alerts(kind).increment());
    }

    /** Every kind at zero from the start, so a rule on {@code increase()} tells "none yet" from "not reported". */
    @EventListener(ApplicationStartedEvent.class)
    void seriesAtZero() {
        Stream.of(DeadLetterReason.values(), ReviewKind.values(), AlertKind.values(), new WireName[] {
                    ReceiptOutcome.REJECTED_MODE, ReceiptOutcome.REJECTED_ACCOUNT
                })
                .flatMap(Stream::of)
                .forEach(kind -> alerts(kind.wireName()));
    }

    private Counter alerts(String kind) {
        return meters.counter("payhook.alerts", "kind", kind);
    }
}
