package dev.payhook.ops;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.outbox.EventSubscribers;
import dev.payhook.outbox.Subscriber;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.Delivery;
import dev.payhook.store.FlowStore;
import dev.payhook.store.FlowStore.Published;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;

/**
 * Where each recent message of payhook.events went: for every subscriber whose queue keeps its
 * kind, what that subscriber did with it. Payhook's own consumers (HTTP endpoints, branches, routes
 * in ./routes) leave a record of each message; for a consumer outside the gateway the broker is
 * asked whether the message is still on its queue.
 */
@Component
public class EventFlow {

    /** Who the message is about: an order (order.paid, review.opened, …) or a provider's event. */
    public enum Source {
        ORDER,
        PROVIDER
    }

    /** Where a message stands with one subscriber, as the page says it. */
    public enum Stand {
        DELIVERED("delivered"),
        RETRYING("retrying"),
        PARKED("parked: replay it from Deliveries"),
        WAITING("waiting on its queue"),
        TAKEN("taken from its queue"),
        IN_OUTBOX("in the outbox, not yet published");

        private final String label;

        Stand(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public String css() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /** One subscriber's part in a message's way; {@code record} is empty where Payhook holds none. */
    public record Stop(Subscriber subscriber, Stand stand, Optional<Delivery> record) {}

    public record Flow(Published message, Source source, List<Stop> stops) {}

    private final FlowStore flow;
    private final DeliveryStore deliveries;
    private final EventSubscribers subscribers;
    private final JmsTemplate broker;

    public EventFlow(
            FlowStore flow, DeliveryStore deliveries, EventSubscribers subscribers, ConnectionFactory connections) {
        this.flow = flow;
        this.deliveries = deliveries;
        this.subscribers = subscribers;
        this.broker = new JmsTemplate(BrokerConnections.uncached(connections));
    }

    /** The newest {@code limit} messages, newest first; of one order when {@code orderId} is not null. */
    public List<Flow> recent(String orderId, int limit) {
        List<Published> messages = flow.recent(Destination.EVENTS.address(), orderId, limit);
        Set<String> keys = messages.stream().map(Published::key).collect(Collectors.toSet());
        Map<String, List<Delivery>> records = deliveries.of(keys);
        Map<String, Set<String>> onQueue = new java.util.HashMap<>();
        List<Flow> flows = new ArrayList<>();
        for (Published m : messages) {
            List<Stop> stops = new ArrayList<>();
            for (Subscriber s : subscribers.all()) {
                if (s.wants(m.type())) {
                    Optional<Delivery> record = records.getOrDefault(m.key(), List.of()).stream()
                            .filter(d -> d.subscriber().equals(s.name()))
                            .findFirst();
                    stops.add(new Stop(
                            s,
                            stand(m, s, record, () -> onQueue.computeIfAbsent(s.name(), n -> onQueue(n, keys))),
                            record));
                }
            }
            flows.add(new Flow(m, source(m.key()), stops));
        }
        return flows;
    }

    private static Stand stand(
            Published m, Subscriber s, Optional<Delivery> record, java.util.function.Supplier<Set<String>> onQueue) {
        if (record.isPresent()) {
            return switch (record.get().state()) {
                case DELIVERED -> Stand.DELIVERED;
                case RETRYING -> Stand.RETRYING;
                case PARKED -> Stand.PARKED;
            };
        }
        if (!m.sent()) {
            return Stand.IN_OUTBOX;
        }
        if (s.role() != Subscriber.Role.CONSUMER) {
            return Stand.WAITING;
        }
        return onQueue.get().contains(m.key()) ? Stand.WAITING : Stand.TAKEN;
    }

    /** Which of these keys are still on the subscriber's queue, by one browse. */
    private Set<String> onQueue(String subscriber, Set<String> keys) {
        String selector = EventSubscribers.KEY + " IN ("
                + keys.stream().map(k -> "'" + k.replace("'", "''") + "'").collect(Collectors.joining(",")) + ")";
        Set<String> found = broker.browseSelected(EventSubscribers.fullyQualified(subscriber), selector, (s, b) -> {
            Set<String> there = new HashSet<>();
            for (var e = b.getEnumeration(); e.hasMoreElements(); ) {
                there.add(key((Message) e.nextElement()));
            }
            return there;
        });
        return found == null ? Set.of() : found;
    }

    private static String key(Message m) throws JMSException {
        return m.getStringProperty(EventSubscribers.KEY);
    }

    /** Provider events are published under {@code event:} and, for branches, {@code provider-event:}. */
    private static Source source(String key) {
        return key.startsWith("event:") || key.startsWith("provider-event:") ? Source.PROVIDER : Source.ORDER;
    }
}
