package dev.payhook.refund;

import dev.payhook.payment.RefundStatus;
import dev.payhook.store.RefundRequestReads;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/**
 * {@code payhook.refund.requests{status}}: how many refund requests are in each status now, read
 * when Prometheus scrapes; NaN when the database does not answer. A request whose call got no
 * answer stays {@code unknown} until the provider says what became of it: Payhook raises its own
 * alert, and ops/prometheus/alerts.yml has one for Prometheus.
 */
@Component
public class RefundMetrics {

    public RefundMetrics(MeterRegistry meters, RefundRequestReads requests) {
        for (RefundStatus status : RefundStatus.values()) {
            Gauge.builder("payhook.refund.requests", requests, r -> {
                        try {
                            return r.count(status);
                        } catch (RuntimeException unavailable) {
                            return Double.NaN;
                        }
                    })
                    .description("refund requests in the status, now")
                    .tag("status", status.wireName())
                    .register(meters);
        }
    }
}
