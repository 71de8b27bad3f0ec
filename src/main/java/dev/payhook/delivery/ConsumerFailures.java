package dev.payhook.delivery;

import dev.payhook.config.PayhookProperties;
import dev.payhook.outbox.SubscriberRoutes;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The step of routes/consumers.yaml: a route of the merchant's own failed on a message of its
 * subscriber queue, which its error handler gave here as it came (ConsumerRoutes). In the route's
 * JMS transaction, the copy goes back on the subscriber's queue, due after the next delay of
 * {@code payhook.events.retry-schedule}, or after the last one is parked with the failed deliveries,
 * where ops see and replay it; then the message is acknowledged.
 */
@Component("consumerFailures")
public class ConsumerFailures {

    private final List<Duration> schedule;
    private final MeterRegistry registry;
    private final Parking parking;
    private final Clock clock;

    ConsumerFailures(PayhookProperties properties, MeterRegistry registry, Parking parking, Clock clock) {
        this.schedule = List.copyOf(properties.getEvents().getRetrySchedule());
        this.registry = registry;
        this.parking = parking;
        this.clock = clock;
    }

    /** The messages of subscriber {@code name} parked so far; there at zero once a route consumes its queue. */
    Counter parked(String name) {
        return Counter.builder("payhook.subscriber.parked")
                .description("messages a route of the merchant's own did not take within payhook.events.retry-schedule")
                .tag("subscriber", name)
                .register(registry);
    }

    public void failed(Exchange exchange) {
        String subscriber = SubscriberRoutes.subscriber(
                        exchange.getFromEndpoint().getEndpointUri())
                .orElseThrow(() -> new IllegalStateException(
                        "route " + exchange.getFromRouteId() + " consumes no subscriber queue of payhook.events"));
        parking.failed(
                exchange,
                Carried.of(exchange.getMessage(), clock),
                "subscriber " + subscriber + " (route " + exchange.getFromRouteId() + ")",
                subscriber,
                schedule,
                parked(subscriber));
    }
}
