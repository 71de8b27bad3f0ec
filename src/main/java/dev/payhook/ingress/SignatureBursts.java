package dev.payhook.ingress;

import dev.payhook.alerts.AlertKind;
import dev.payhook.alerts.Alerts;
import dev.payhook.config.PayhookProperties;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Counts refused signatures per provider in fixed windows; the configured number within one window
 * raises one alert (an attack, or a secret rotated on one side only).
 */
@Component
public class SignatureBursts {

    private static final Logger log = LoggerFactory.getLogger(SignatureBursts.class);

    private record Window(long start, AtomicInteger count) {}

    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final Alerts alerts;
    private final Clock clock;
    private final int burst;
    private final long windowMillis;

    public SignatureBursts(Alerts alerts, Clock clock, PayhookProperties properties) {
        this.alerts = alerts;
        this.clock = clock;
        this.burst = properties.getAlerts().getSignatureBurst();
        Duration window = properties.getAlerts().getSignatureWindow();
        this.windowMillis = Math.max(1, window.toMillis());
    }

    public void refused(String provider, String reason) {
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
