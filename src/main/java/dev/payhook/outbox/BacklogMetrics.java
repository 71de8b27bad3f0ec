package dev.payhook.outbox;

import dev.payhook.broker.BrokerQueues;
import dev.payhook.broker.Destination;
import dev.payhook.store.OutboxStore;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * What waits, read when Prometheus scrapes: {@code payhook.queue.depth{queue}} for payhook.inbound,
 * payhook.dlq, payhook.deliveries.failed and each consumer's queue of payhook.events, and {@code payhook.outbox.lag} (seconds
 * the oldest unpublished outbox row has waited; 0 when none waits). NaN when the broker or the
 * database does not answer, which the alert rules read as missing data.
 */
@Component
public class BacklogMetrics {

    private final MeterRegistry meters;
    private final BrokerQueues broker;
    private final OutboxStore outbox;
    private final EventSubscribers subscribers;

    public BacklogMetrics(MeterRegistry meters, BrokerQueues broker, OutboxStore outbox, EventSubscribers subscribers) {
        this.meters = meters;
        this.broker = broker;
        this.outbox = outbox;
        this.subscribers = subscribers;
    }

    /** Once every consumer's queue on payhook.events is declared, the merchant's endpoints' included. */
    @EventListener(ApplicationStartedEvent.class)
    public void register() {
        List<String> queues = new ArrayList<>(List.of(
                Destination.INBOUND.address(), Destination.DLQ.address(), Destination.DELIVERIES_FAILED.address()));
        queues.addAll(subscribers.queues());
        for (String queue : queues) {
            Gauge.builder("payhook.queue.depth", broker, orNaN(b -> b.depth(queue)))
                    .description("messages on the queue, waiting or being delivered")
                    .tag("queue", queue)
                    .register(meters);
        }
        Gauge.builder("payhook.outbox.lag", outbox, orNaN(OutboxStore::oldestUnpublishedSeconds))
                .description("seconds the oldest unpublished outbox row has waited")
                .baseUnit("seconds")
                .register(meters);
    }

    private static <T> ToDoubleFunction<T> orNaN(ToDoubleFunction<T> read) {
        return source -> {
            try {
                return read.applyAsDouble(source);
            } catch (RuntimeException unavailable) {
                return Double.NaN;
            }
        };
    }
}
