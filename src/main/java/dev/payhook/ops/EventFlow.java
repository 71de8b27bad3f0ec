package dev.payhook.ops;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.outbox.EventSubscribers;
import dev.payhook.outbox.Subscriber;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.Delivery;
import dev.payhook.store.FlowStore;
import dev.payhook.store.FlowStore.Published;
import dev.payhook.store.SubscriberStore;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.time.Instant;
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
 * kind, what that subscriber did with it, derived only from what was recorded. Payhook's own
 * consumers (HTTP endpoints, branches, routes in ./routes) leave a word at each step (each failed
 * attempt, parked, replayed and by whom, delivered): the last one says where the message stands, all
 * of them are its history. For a consumer outside the gateway the broker is asked whether the
 * message is still on its queue. A message published before the subscriber's queue was declared
 * never was on it.
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
        REPLAYED("replayed: on its queue again"),
        WAITING("waiting on its queue"),
        TAKEN("taken from its queue"),
        NOT_SUBSCRIBED("not subscribed then: published before its queue was"),
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

    /**
     * One subscriber's part in a message's way: where it stands, and every word recorded on the way,
     * oldest first (none for a consumer outside the gateway).
     */
    public record Stop(Subscriber subscriber, Stand stand, List<Delivery> history) {

        /** The last word, which the stand is. */
        public Optional<Delivery> record() {
            return history.isEmpty() ? Optional.empty() : Optional.of(history.get(history.size() - 1));
        }

        /** Who replayed it, when it was: the console says so beside where it stands now. */
        public Optional<Delivery> replay() {
            return history.stream()
                    .filter(d -> d.state() == DeliveryStore.State.REPLAYED)
                    .reduce((earlier, later) -> later);
        }
    }

    public record Flow(Published message, Source source, List<Stop> stops) {}

    private final FlowStore flow;
    private final DeliveryStore deliveries;
    private final SubscriberStore since;
    private final EventSubscribers subscribers;
    private final JmsTemplate broker;

    public EventFlow(
            FlowStore flow,
            DeliveryStore deliveries,
            SubscriberStore since,
            EventSubscribers subscribers,
            ConnectionFactory connections) {
        this.flow = flow;
        this.deliveries = deliveries;
        this.since = since;
        this.subscribers = subscribers;
        this.broker = new JmsTemplate(BrokerConnections.uncached(connections));
    }

    /** The newest {@code limit} messages, newest first; of one order when {@code orderId} is not null. */
    public List<Flow> recent(String orderId, int limit) {
        List<Published> messages = flow.recent(Destination.EVENTS.address(), orderId, limit);
        Set<String> keys = messages.stream().map(Published::key).collect(Collectors.toSet());
        Map<String, List<Delivery>> records = deliveries.of(keys);
        Map<String, Instant> declared = since.since();
        Map<String, Set<String>> onQueue = new java.util.HashMap<>();
        List<Flow> flows = new ArrayList<>();
        for (Published m : messages) {
            List<Stop> stops = new ArrayList<>();
            for (Subscriber s : subscribers.all()) {
                if (s.wants(m.type())) {
                    List<Delivery> history = records.getOrDefault(m.key(), List.of()).stream()
                            .filter(d -> d.subscriber().equals(s.name()))
                            .toList();
                    Stand stand = history.isEmpty() && before(m, declared.get(s.name()))
                            ? Stand.NOT_SUBSCRIBED
                            : stand(m, s, history, () -> onQueue.computeIfAbsent(s.name(), n -> onQueue(n, keys)));
                    stops.add(new Stop(s, stand, history));
                }
            }
            flows.add(new Flow(m, source(m.key()), stops));
        }
        return flows;
    }

    /** Whether the broker had put the message on the queues there were before the subscriber's was declared. */
    private static boolean before(Published m, Instant declared) {
        return declared != null && m.sentAt() != null && m.sentAt().isBefore(declared);
    }

    private static Stand stand(
            Published m, Subscriber s, List<Delivery> history, java.util.function.Supplier<Set<String>> onQueue) {
        if (!history.isEmpty()) {
            return switch (history.get(history.size() - 1).state()) {
                case DELIVERED -> Stand.DELIVERED;
                case RETRYING -> Stand.RETRYING;
                case PARKED -> Stand.PARKED;
                case REPLAYED -> Stand.REPLAYED;
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
