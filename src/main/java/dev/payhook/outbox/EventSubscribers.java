package dev.payhook.outbox;

import dev.payhook.broker.BrokerQueues;
import dev.payhook.broker.Destination;
import dev.payhook.config.PayhookProperties;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The merchant's consumers of payhook.events ({@code payhook.events.subscribers}), each a durable
 * queue on that multicast address, declared before the outbox publishes anything: a consumer that
 * is down misses nothing, its queue keeps what was published meanwhile. A JMS topic subscriber
 * without such a queue gets only what is published while it is connected.
 */
@Component
public class EventSubscribers {

    private static final Logger log = LoggerFactory.getLogger(EventSubscribers.class);

    private final List<String> queues;

    public EventSubscribers(PayhookProperties properties, BrokerQueues broker) {
        this.queues = properties.getEvents().getSubscribers().stream()
                .map(EventSubscribers::queue)
                .toList();
        for (String queue : queues) {
            broker.declareSubscription(Destination.EVENTS, queue);
            log.info("payhook.events subscriber queue {} (consume {}::{})", queue, Destination.EVENTS.address(), queue);
        }
    }

    /** The queue of subscriber {@code name}. */
    public static String queue(String name) {
        return Destination.EVENTS.address() + "." + name;
    }

    /** Every subscriber's queue. */
    public List<String> queues() {
        return queues;
    }
}
