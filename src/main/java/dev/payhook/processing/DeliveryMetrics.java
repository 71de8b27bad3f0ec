package dev.payhook.processing;

import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.store.AfterCommit;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * What processing made of each event, as ops watch it: {@code payhook.deliveries{provider,outcome}}
 * (a duplicate is a dedupe hit), the receive -> applied latency, and event-id lock conflicts. Counted
 * only once the transaction that recorded the outcome committed: a rolled-back outcome never happened.
 */
@Component
public class DeliveryMetrics {

    private final MeterRegistry meters;
    private final Clock clock;

    public DeliveryMetrics(MeterRegistry meters, Clock clock) {
        this.meters = meters;
        this.clock = clock;
    }

    public void outcome(Receipt receipt, ReceiptOutcome outcome) {
        AfterCommit.run(() -> {
            meters.counter("payhook.deliveries", "provider", receipt.provider(), "outcome", outcome.wireName())
                    .increment();
            if (outcome == ReceiptOutcome.APPLIED && receipt.receivedAt() != null) {
                Timer.builder("payhook.processing.latency")
                        .description("from the ingress accepting a delivery to its event applied and committed")
                        .tag("provider", receipt.provider())
                        .publishPercentileHistogram()
                        .register(meters)
                        .record(Duration.between(receipt.receivedAt(), clock.instant()));
            }
        });
    }

    /** A duplicate that waited for another consumer holding the same event id, which won. */
    public void lockConflict(String provider) {
        meters.counter("payhook.processing.lock_conflicts", "provider", provider)
                .increment();
    }
}
