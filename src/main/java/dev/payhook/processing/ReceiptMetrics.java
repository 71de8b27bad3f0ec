package dev.payhook.processing;

import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.store.AfterCommit;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.util.regex.Pattern;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * What processing made of each event, as ops watch it: {@code payhook.receipts{provider,outcome}}
 * (a duplicate is a dedupe hit), the receive -> applied latency, and event-id lock conflicts. Counted
 * only once the transaction that recorded the outcome committed: a rolled-back outcome never happened.
 * Every provider's series exist at zero from the start, so a rule on {@code increase()} tells "none
 * yet" from "not reported".
 */
@Component
public class ReceiptMetrics {

    /** A provider's event type that may name a meter: the sender chooses it, so only plain names do. */
    private static final Pattern PLAIN_TYPE = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

    private final MeterRegistry meters;
    private final Clock clock;
    private final ProviderRegistry providers;

    public ReceiptMetrics(MeterRegistry meters, Clock clock, ProviderRegistry providers) {
        this.meters = meters;
        this.clock = clock;
        this.providers = providers;
    }

    @EventListener(ApplicationStartedEvent.class)
    void seriesAtZero() {
        for (String provider : providers.enabled().keySet()) {
            for (ReceiptOutcome outcome : ReceiptOutcome.values()) {
                if (outcome != ReceiptOutcome.RECEIVED) {
                    receipts(provider, outcome);
                }
            }
            latency(provider);
            lockConflicts(provider);
        }
    }

    public void outcome(Receipt receipt, ReceiptOutcome outcome) {
        AfterCommit.run(() -> {
            receipts(receipt.provider(), outcome).increment();
            if (outcome == ReceiptOutcome.APPLIED && receipt.receivedAt() != null) {
                latency(receipt.provider()).record(Duration.between(receipt.receivedAt(), clock.instant()));
            }
        });
    }

    /**
     * An event Payhook took no action on, by the provider's own type: what an integrator is not
     * handling. A type that is no plain name (it is the sender's to choose) is counted as {@code other}.
     */
    public void ignored(String provider, String providerType) {
        String type = providerType != null && PLAIN_TYPE.matcher(providerType).matches() ? providerType : "other";
        AfterCommit.run(() -> meters.counter("payhook.events.ignored", "provider", provider, "type", type)
                .increment());
    }

    /** A duplicate that waited for another consumer holding the same event id, which won. */
    public void lockConflict(String provider) {
        lockConflicts(provider).increment();
    }

    private Counter receipts(String provider, ReceiptOutcome outcome) {
        return meters.counter("payhook.receipts", "provider", provider, "outcome", outcome.wireName());
    }

    private Timer latency(String provider) {
        return Timer.builder("payhook.processing.latency")
                .description("from the ingress accepting a notification to its event applied and committed")
                .tag("provider", provider)
                .publishPercentileHistogram()
                .register(meters);
    }

    private Counter lockConflicts(String provider) {
        return meters.counter("payhook.processing.lock_conflicts", "provider", provider);
    }
}
