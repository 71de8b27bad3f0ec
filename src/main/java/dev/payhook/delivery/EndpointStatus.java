package dev.payhook.delivery;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.BrokerQueues;
import dev.payhook.outbox.EventSubscribers;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;

/**
 * How each endpoint is doing, for ops: what waits in its queue and since when (asked of the broker),
 * and the last success and failure this instance saw.
 */
@Component
public class EndpointStatus {

    private final Endpoints endpoints;
    private final BrokerQueues broker;
    private final JmsTemplate jms;

    public EndpointStatus(Endpoints endpoints, BrokerQueues broker, ConnectionFactory connectionFactory) {
        this.endpoints = endpoints;
        this.broker = broker;
        this.jms = new JmsTemplate(BrokerConnections.uncached(connectionFactory));
    }

    /**
     * An endpoint as ops see it: where it delivers (without credentials), which types, how many
     * messages wait and since when, and its last success and failure.
     */
    public record DeliveryEndpoint(
            String endpoint,
            String url,
            boolean enabled,
            String types,
            @JsonProperty("queue_depth") long queueDepth,
            @JsonProperty("oldest_waiting") Instant oldestWaiting,
            @JsonProperty("last_success") Instant lastSuccess,
            @JsonProperty("last_failure") Endpoint.DeliveryFailure lastFailure) {}

    public List<DeliveryEndpoint> all() {
        return endpoints.all().stream().map(this::of).toList();
    }

    private DeliveryEndpoint of(Endpoint e) {
        return new DeliveryEndpoint(
                e.name(),
                withoutQuery(e.settings().url()),
                e.settings().enabled(),
                e.settings().types(),
                broker.depth(EventSubscribers.queue(e.name())),
                oldestWaiting(e.name()),
                e.lastSuccess().orElse(null),
                e.lastFailure().orElse(null));
    }

    /** The URL without user info and query, which may hold the merchant's credentials. */
    private static String withoutQuery(URI url) {
        return url.getScheme() + "://" + url.getHost() + (url.getPort() == -1 ? "" : ":" + url.getPort())
                + (url.getRawPath() == null ? "" : url.getRawPath());
    }

    /** When the first message waiting in the queue was published; null when none waits to be taken now. */
    private Instant oldestWaiting(String name) {
        Long published = jms.browse(EventSubscribers.fullyQualified(name), (s, b) -> {
            var messages = b.getEnumeration();
            return messages.hasMoreElements() ? publishedAt((Message) messages.nextElement()) : null;
        });
        return published == null ? null : Instant.ofEpochMilli(published);
    }

    private static Long publishedAt(Message m) throws JMSException {
        return m.propertyExists(MerchantDelivery.PUBLISHED_AT)
                ? m.getLongProperty(MerchantDelivery.PUBLISHED_AT)
                : m.getJMSTimestamp();
    }
}
