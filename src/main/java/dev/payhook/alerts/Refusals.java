package dev.payhook.alerts;

import dev.payhook.config.PayhookProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Requests of a provider refused at the edge, webhooks and browser returns alike: each counted in
 * {@code payhook_ingress_rejected_total{provider,reason}}. Those refused as unverifiable (a
 * signature, a return's data) are also counted per provider in fixed windows; the configured number
 * within one window raises one alert (an attack, or a secret rotated on one side only).
 */
@Component
public class Refusals {

    private static final Logger log = LoggerFactory.getLogger(Refusals.class);

    private record Window(long start, AtomicInteger count) {}

    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final Alerts alerts;
    private final MeterRegistry meters;
    private final Clock clock;
    private final int burst;
    private final long windowMillis;

    public Refusals(Alerts alerts, MeterRegistry meters, Clock clock, PayhookProperties properties) {
        this.alerts = alerts;
        this.meters = meters;
        this.clock = clock;
        this.burst = properties.getAlerts().getSignatureBurst();
        Duration window = properties.getAlerts().getSignatureWindow();
        this.windowMillis = Math.max(1, window.toMillis());
    }

    /** The refusals of {@code provider} for {@code reason}, one of the gateway's own reason words. */
    public Counter counter(String provider, String reason) {
        return meters.counter("payhook.ingress.rejected", "provider", provider, "reason", reason);
    }

    /** A request that did not verify: counted, and in the provider's burst window. */
    public void unverified(String provider, String reason) {
        counter(provider, reason).increment();
        long now = clock.millis();
        long start = now - now % windowMillis;
        Window w = windows.compute(
                provider,
                (p, old) -> old != null && old.start() == start ? old : new Window(start, new AtomicInteger()));
        if (w.count().incrementAndGet() == burst) {
            try {
                alerts.raise(
                        AlertKind.SIGNATURE_FAILURE_BURST,
                        provider + ":" + start,
                        Map.of(
                                "provider",
                                provider,
                                "refused",
                                burst,
                                "window_ms",
                                windowMillis,
                                "last_reason",
                                reason));
            } catch (RuntimeException e) {
                log.warn("Could not record the signature failure alert for {}: {}", provider, e.toString());
            }
        }
    }
}
