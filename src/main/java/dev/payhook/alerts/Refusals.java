package dev.payhook.alerts;

import dev.payhook.config.EvidenceProperties;
import dev.payhook.config.PayhookProperties;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.RefusedRequest;
import dev.payhook.store.RefusedRequestStore;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
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
    private final RefusedRequestStore store;
    private final ProviderRegistry providers;
    private final int perMinute;
    private final int maxRows;
    private final int burst;
    private final long windowMillis;

    public Refusals(
            Alerts alerts,
            MeterRegistry meters,
            Clock clock,
            PayhookProperties properties,
            EvidenceProperties evidence,
            RefusedRequestStore store,
            ProviderRegistry providers) {
        this.alerts = alerts;
        this.meters = meters;
        this.clock = clock;
        this.store = store;
        this.providers = providers;
        this.perMinute = evidence.getRefusedPerMinute();
        this.maxRows = evidence.getRefusedMaxRows();
        this.burst = properties.getAlerts().getSignatureBurst();
        Duration window = properties.getAlerts().getSignatureWindow();
        this.windowMillis = Math.max(1, window.toMillis());
    }

    /** The refusals of {@code provider} for {@code reason}, one of the gateway's own reason words. */
    public Counter counter(String provider, String reason) {
        return meters.counter("payhook.ingress.rejected", "provider", provider, "reason", reason);
    }

    /**
     * Kept for examination within the store's bounds; one over them, or one the database did not
     * take, is counted in {@code payhook_refused_requests_unkept_total{provider}}. Never fails: the
     * refusal's answer does not wait on the database.
     */
    public void keep(RefusedRequest request) {
        boolean kept;
        try {
            kept = store.keep(request, perMinute, maxRows);
        } catch (RuntimeException e) {
            log.warn(
                    "Could not keep a refused {} request: {}",
                    request.provider(),
                    e.getClass().getName());
            kept = false;
        }
        if (!kept) {
            unkept(request.provider()).increment();
        }
    }

    private Counter unkept(String provider) {
        return meters.counter("payhook.refused.requests.unkept", "provider", provider);
    }

    /** Every provider's series at zero from the start: the alert rule reads its increase. */
    @EventListener(ApplicationStartedEvent.class)
    void seriesAtZero() {
        providers.enabled().keySet().forEach(this::unkept);
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
                                reason,
                                // where ops read the requests themselves, headers and bodies
                                "refused_requests",
                                "/ops/refused?provider=" + provider + "&since=" + Instant.ofEpochMilli(start)));
            } catch (RuntimeException e) {
                log.warn("Could not record the signature failure alert for {}: {}", provider, e.toString());
            }
        }
    }
}
