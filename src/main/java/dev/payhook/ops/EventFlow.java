package dev.payhook.ops;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.broker.MessageKeys;
import dev.payhook.outbox.EventSubscribers;
import dev.payhook.outbox.Subscriber;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.Delivery;
import dev.payhook.store.FlowStore;
import dev.payhook.store.FlowStore.Published;
import dev.payhook.store.FlowStore.Search;
import dev.payhook.store.SubscriberStore;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
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

    public record Flow(Published message, List<Stop> stops) {}

    /**
     * A provider event as received and what became of it: {@code reading} Payhook's reading of it,
     * published when it was applied; {@code branch} the copy the branches take, when one takes its
     * type. An event with neither went nowhere: its receipt says why (ignored by its table, a
     * duplicate, a dead letter).
     */
    public record ProviderEvent(FlowStore.Received received, Optional<Flow> reading, Optional<Flow> branch) {}

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

    /** The newest {@code limit} order events {@code search} takes (none when it names a provider's event), newest first. */
    public List<Flow> orders(Search search, int limit) {
        return search.providerOnly() ? List.of() : flows(flow.recent(Destination.EVENTS.address(), search, limit));
    }

    /**
     * The newest {@code limit} provider events received that {@code search} takes, newest first:
     * each with its receipt, and where the messages it made went (Payhook's reading of it, published
     * when it was applied; the branches' copy, when a branch takes its type).
     */
    public List<ProviderEvent> received(Search search, int limit) {
        List<FlowStore.Received> receipts = flow.receipts(search, limit);
        List<String> keys = new ArrayList<>();
        for (FlowStore.Received r : receipts) {
            keys.add(MessageKeys.reading(r.provider(), r.eventId()));
            keys.add(MessageKeys.branch(r.provider(), r.eventId()));
        }
        Map<String, Published> published = flow.byKeys(keys);
        Map<String, Flow> flows = new HashMap<>();
        flows(List.copyOf(published.values()))
                .forEach(f -> flows.put(f.message().key(), f));
        return receipts.stream()
                .map(r -> new ProviderEvent(
                        r,
                        Optional.ofNullable(flows.get(MessageKeys.reading(r.provider(), r.eventId()))),
                        Optional.ofNullable(flows.get(MessageKeys.branch(r.provider(), r.eventId())))))
                .toList();
    }

    /** Each message with every subscriber whose queue keeps its kind, and where it stands there. */
    private List<Flow> flows(List<Published> messages) {
        Set<String> keys = messages.stream().map(Published::key).collect(Collectors.toSet());
        Map<String, List<Delivery>> records = deliveries.of(keys);
        Map<String, Instant> declared = since.since();
        Map<String, Set<String>> onQueue = new HashMap<>();
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
            flows.add(new Flow(m, stops));
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
}
