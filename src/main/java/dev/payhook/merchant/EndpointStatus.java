package dev.payhook.merchant;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.BrokerQueues;
import dev.payhook.outbox.EventSubscribers;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.net.URI;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    public List<Map<String, Object>> all() {
        return endpoints.all().stream().map(this::of).toList();
    }

    private Map<String, Object> of(Endpoint e) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("endpoint", e.name());
        row.put("url", withoutQuery(e.settings().url()));
        row.put("enabled", e.settings().enabled());
        row.put("types", e.settings().types());
        row.put("queue_depth", broker.depth(EventSubscribers.queue(e.name())));
        row.put("oldest_waiting", oldestWaiting(e.name()));
        row.put("last_success", e.lastSuccess().map(Instant::toString).orElse(null));
        row.put(
                "last_failure",
                e.lastFailure()
                        .map(f -> Map.<String, Object>of("at", f.at().toString(), "status", f.status()))
                        .orElse(null));
        return row;
    }

    /** The URL without user info and query, which may hold the merchant's credentials. */
    private static String withoutQuery(URI url) {
        return url.getScheme() + "://" + url.getHost() + (url.getPort() == -1 ? "" : ":" + url.getPort())
                + (url.getRawPath() == null ? "" : url.getRawPath());
    }

    /** When the first message waiting in the queue was published; null when none waits to be taken now. */
    private String oldestWaiting(String name) {
        Long published = jms.browse(EventSubscribers.fullyQualified(name), (s, b) -> {
            var messages = b.getEnumeration();
            return messages.hasMoreElements() ? publishedAt((Message) messages.nextElement()) : null;
        });
        return published == null ? null : Instant.ofEpochMilli(published).toString();
    }

    private static Long publishedAt(Message m) throws JMSException {
        return m.propertyExists(MerchantDelivery.PUBLISHED_AT)
                ? m.getLongProperty(MerchantDelivery.PUBLISHED_AT)
                : m.getJMSTimestamp();
    }
}
