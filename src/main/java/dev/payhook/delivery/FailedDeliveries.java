package dev.payhook.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.broker.Trace;
import dev.payhook.outbox.EventSubscribers;
import dev.payhook.outbox.Subscriber;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.Delivery;
import dev.payhook.store.DeliveryStore.State;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;

/**
 * payhook.deliveries.failed: the messages an HTTP endpoint, an integrator's branch or a route of the
 * merchant's own did not take within its retry schedule, browsed for ops and replayed: moved back to their consumer's queue with
 * their original key and a fresh schedule, in one JMS transaction, so a message is never both failed
 * and waiting.
 */
@Component
public class FailedDeliveries {

    /** A replay takes what is there now; a message sent to the failed queue later is not waited for. */
    private static final long RECEIVE_MILLIS = 200;

    private final ConnectionFactory broker;
    private final JmsTemplate jms;
    /** Whose failed messages can be replayed: each consumer of payhook.events with a queue. */
    private final EventSubscribers subscribers;

    private final DeliveryStore record;
    private final Clock clock;

    public FailedDeliveries(
            ConnectionFactory connectionFactory, EventSubscribers subscribers, DeliveryStore record, Clock clock) {
        this.broker = BrokerConnections.uncached(connectionFactory);
        this.jms = new JmsTemplate(broker);
        this.subscribers = subscribers;
        this.record = record;
        this.clock = clock;
    }

    /** The endpoints, the branches and the merchant's own consumers, as now declared. */
    private Set<String> consumers() {
        return subscribers.all().stream().map(Subscriber::name).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /**
     * A message an endpoint gave up on: its JMS id (what a replay names), the webhook id and type,
     * how often it was tried and the last answer.
     */
    public record FailedDelivery(
            String id,
            String endpoint,
            @JsonProperty("webhook_id") String webhookId,
            String type,
            int attempts,
            @JsonProperty("last_status") String lastStatus,
            @JsonProperty("last_response") String lastResponse,
            @JsonProperty("failed_at") Instant failedAt,
            @JsonProperty("published_at") Instant publishedAt) {}

    /** Up to {@code limit} failed messages, oldest first; of one endpoint when {@code endpoint} is not null. */
    public List<FailedDelivery> list(String endpoint, int limit) {
        List<FailedDelivery> rows = jms.browseSelected(
                Destination.DELIVERIES_FAILED.address(), endpoint == null ? null : ofEndpoint(endpoint), (s, b) -> {
                    List<FailedDelivery> found = new ArrayList<>();
                    for (var e = b.getEnumeration(); e.hasMoreElements() && found.size() < limit; ) {
                        found.add(row((Message) e.nextElement()));
                    }
                    return found;
                });
        return rows == null ? List.of() : Collections.unmodifiableList(rows);
    }

    /** Replays the failed messages with these ids (those still there), as {@code actor}; how many were replayed. */
    public int replay(List<String> ids, String actor) throws JMSException {
        for (String id : ids) {
            if (!id.matches("ID:[A-Za-z0-9:-]{1,80}")) {
                throw new IllegalArgumentException("not a failed delivery's id: " + id);
            }
        }
        return ids.isEmpty()
                ? 0
                : move(
                        "JMSMessageID IN ("
                                + ids.stream().map(i -> "'" + i + "'").collect(Collectors.joining(",")) + ")",
                        actor);
    }

    /** Replays every failed message of {@code endpoint}, as {@code actor}; how many were replayed. */
    public int replayAll(String endpoint, String actor) throws JMSException {
        return move(ofEndpoint(endpoint), actor);
    }

    private String ofEndpoint(String endpoint) {
        if (!consumers().contains(endpoint)) {
            throw new IllegalArgumentException("no endpoint " + endpoint
                    + " under payhook.deliveries, payhook.branches or payhook.events.subscribers, nor a route"
                    + " consuming its queue");
        }
        return MerchantDelivery.ENDPOINT + " = '" + endpoint + "'";
    }

    /** Moves what {@code selector} takes back to its queues, then records each as replayed by {@code actor}. */
    private int move(String selector, String actor) throws JMSException {
        Set<String> consumers = consumers();
        if (consumers.isEmpty()) {
            // no consumer to send to, and "IN ()" is no selector: whatever failed stays failed
            return 0;
        }
        // by message key; written once the move committed, each with the time it was moved: its
        // consumer may deliver it before the word is written
        List<Map.Entry<String, Delivery>> moved = new ArrayList<>();
        try (Connection connection = broker.createConnection();
                Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
                // a message whose endpoint is no longer configured is not taken: it stays failed, not lost
                MessageConsumer failed = session.createConsumer(
                        session.createQueue(Destination.DELIVERIES_FAILED.address()),
                        "(" + selector + ") AND " + MerchantDelivery.ENDPOINT + " IN ("
                                + consumers.stream()
                                        .map(name -> "'" + name + "'")
                                        .collect(Collectors.joining(","))
                                + ")");
                MessageProducer producer = session.createProducer(null)) {
            connection.start();
            for (Message m = failed.receive(RECEIVE_MILLIS); m != null; m = failed.receive(RECEIVE_MILLIS)) {
                String endpoint = m.getStringProperty(MerchantDelivery.ENDPOINT);
                TextMessage copy = session.createTextMessage(((TextMessage) m).getText());
                copy.setStringProperty(MerchantDelivery.KEY, m.getStringProperty(MerchantDelivery.KEY));
                copy.setStringProperty(MerchantDelivery.TYPE, m.getStringProperty(MerchantDelivery.TYPE));
                copy.setStringProperty(Trace.TRACEPARENT, m.getStringProperty(Trace.TRACEPARENT));
                copy.setLongProperty(MerchantDelivery.PUBLISHED_AT, m.getLongProperty(MerchantDelivery.PUBLISHED_AT));
                // the endpoint's queue alone, on the multicast address
                producer.send(session.createTopic(EventSubscribers.fullyQualified(endpoint)), copy);
                moved.add(Map.entry(
                        m.getStringProperty(MerchantDelivery.KEY),
                        new Delivery(
                                endpoint,
                                State.REPLAYED,
                                m.getIntProperty(MerchantDelivery.ATTEMPTS),
                                null,
                                actor,
                                clock.instant())));
            }
            session.commit();
        }
        moved.forEach(m -> record.record(m.getKey(), m.getValue()));
        return moved.size();
    }

    private static FailedDelivery row(Message m) throws JMSException {
        return new FailedDelivery(
                m.getJMSMessageID(),
                m.getStringProperty(MerchantDelivery.ENDPOINT),
                m.getStringProperty(MerchantDelivery.KEY),
                m.getStringProperty(MerchantDelivery.TYPE),
                m.getIntProperty(MerchantDelivery.ATTEMPTS),
                m.getStringProperty(MerchantDelivery.LAST_STATUS),
                m.getStringProperty(MerchantDelivery.LAST_RESPONSE),
                Instant.ofEpochMilli(m.getLongProperty(MerchantDelivery.FAILED_AT)),
                Instant.ofEpochMilli(m.getLongProperty(MerchantDelivery.PUBLISHED_AT)));
    }
}
