package dev.payhook.refund;

import dev.payhook.outbox.OrderEvents;
import dev.payhook.payment.RefundStatus;
import dev.payhook.store.AfterCommit;
import dev.payhook.store.RefundRequest;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** How a refund request's move is told: a message on payhook.events and the metric, once committed. */
@Component
class RefundNews {

    private final OrderEvents events;
    private final MeterRegistry meters;

    RefundNews(OrderEvents events, MeterRegistry meters) {
        this.events = events;
        this.meters = meters;
    }

    void moved(RefundRequest r, RefundStatus to, String error) {
        events.refundRequest(r, to, error);
        counted(r.provider(), to);
    }

    void counted(String provider, RefundStatus status) {
        AfterCommit.run(() -> meters.counter("payhook.refunds", "provider", provider, "status", status.wireName())
                .increment());
    }
}
