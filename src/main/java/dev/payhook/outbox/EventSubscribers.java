package dev.payhook.outbox;

import dev.payhook.broker.BrokerQueues;
import dev.payhook.broker.Destination;
import dev.payhook.config.PayhookProperties;
import dev.payhook.store.SubscriberStore;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
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

    /** The message property the outbox writes each message's kind in. */
    public static final String KIND = "PayhookKind";
    /** The message property the outbox writes each message's stable key in, sent on as webhook-id. */
    public static final String KEY = "PayhookKey";
    /** The message property a copy due again carries the attempts made in: none on what the outbox published. */
    public static final String ATTEMPTS = "PayhookAttempts";

    private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
    private final BrokerQueues broker;
    private final SubscriberStore since;
    private final Clock clock;

    public EventSubscribers(PayhookProperties properties, BrokerQueues broker, SubscriberStore since, Clock clock) {
        this.broker = broker;
        this.since = since;
        this.clock = clock;
        for (String name : properties.getEvents().getSubscribers()) {
            String queue = declare(new Subscriber(name, Subscriber.Role.CONSUMER, List.of()));
            log.info("payhook.events subscriber queue {} (consume {})", queue, fullyQualified(name));
        }
    }

    /**
     * Declares the subscriber's durable queue, keeping only the kinds it wants, and counts it among
     * the subscribers; refused when another consumer has the queue.
     */
    public String declare(Subscriber subscriber) {
        String queue = queue(subscriber.name());
        if (queues().contains(queue)) {
            throw new IllegalStateException(queue + " has a consumer already (payhook.events.subscribers,"
                    + " payhook.deliveries or payhook.branches name " + subscriber.name()
                    + " twice); each queue has one consumer");
        }
        broker.declareSubscription(Destination.EVENTS, queue, subscriber.filter());
        since.declared(subscriber.name(), clock.instant());
        subscribers.add(subscriber);
        return queue;
    }

    /** Every subscriber, in the order declared. */
    public List<Subscriber> all() {
        return List.copyOf(subscribers);
    }

    /** The queue of subscriber {@code name}. */
    public static String queue(String name) {
        return Destination.EVENTS.address() + "." + name;
    }

    /** The queue of consumer {@code name} by its fully qualified name, {@code payhook.events::payhook.events.<name>}: that queue alone. */
    public static String fullyQualified(String name) {
        return Destination.EVENTS.address() + "::" + queue(name);
    }

    /**
     * The broker's filter that keeps messages of the kinds {@code globs} name ({@code *}: any run of
     * characters), as a JMS selector on the message's kind; LIKE's own wildcards and quotes in a
     * kind are escaped.
     */
    public static String kindFilter(List<String> globs) {
        return globs.stream()
                .map(String::trim)
                .filter(g -> !g.isEmpty())
                .map(g -> KIND + " LIKE '"
                        + g.replace("!", "!!")
                                .replace("%", "!%")
                                .replace("_", "!_")
                                .replace("'", "''")
                                .replace("*", "%")
                        + "' ESCAPE '!'")
                .collect(Collectors.joining(" OR "));
    }

    /** Every consumer's queue: the subscribers' and the merchant's HTTP endpoints'. */
    public List<String> queues() {
        return subscribers.stream().map(s -> queue(s.name())).toList();
    }
}
