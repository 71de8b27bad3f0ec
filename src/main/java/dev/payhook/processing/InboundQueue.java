package dev.payhook.processing;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.broker.BrokerConnections;
import dev.payhook.broker.Destination;
import dev.payhook.broker.Envelope;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.WebhookRequest;
import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.stereotype.Component;

/**
 * What waits on payhook.inbound, browsed from the broker without taking it: accepted notifications
 * have no receipt row until processing reads them, so this is the only place they can be seen.
 */
@Component
public class InboundQueue {

    private final JmsTemplate jms;
    private final ProviderRegistry providers;

    public InboundQueue(ConnectionFactory connectionFactory, ProviderRegistry providers) {
        // a plain connection, as the replayer's: a browser is short-lived
        this.jms = new JmsTemplate(BrokerConnections.uncached(connectionFactory));
        this.providers = providers;
    }

    /** Up to {@code limit} waiting messages, oldest first: provider, event id, received time, and how many times processing was handed it (the broker's delivery count). */
    public List<InboundView> browse(int limit) {
        List<InboundView> waiting = jms.browse(Destination.INBOUND.address(), (session, browser) -> {
            List<InboundView> rows = new ArrayList<>();
            for (var messages = browser.getEnumeration(); messages.hasMoreElements() && rows.size() < limit; ) {
                rows.add(row((Message) messages.nextElement()));
            }
            return rows;
        });
        return waiting == null ? List.of() : Collections.unmodifiableList(waiting);
    }

    /** When the message waiting longest was accepted; empty when none waits. Throws when the broker does not answer. */
    public Optional<Instant> oldestReceivedAt() {
        Instant oldest = jms.browse(Destination.INBOUND.address(), (session, browser) -> {
            var messages = browser.getEnumeration();
            if (!messages.hasMoreElements()) {
                return null;
            }
            Message m = (Message) messages.nextElement();
            return m.propertyExists(Envelope.RECEIVED_AT)
                    ? Instant.ofEpochMilli(m.getLongProperty(Envelope.RECEIVED_AT))
                    : Instant.ofEpochMilli(m.getJMSTimestamp());
        });
        return Optional.ofNullable(oldest);
    }

    /** A message waiting on payhook.inbound, as far as its properties and the provider's format tell. */
    /** A message waiting on payhook.inbound, as {@code GET /ops/inbound} lists it. */
    public record InboundView(
            @JsonProperty("receipt_id") String receiptId,
            String provider,
            @JsonProperty("event_id") String eventId,
            @JsonProperty("received_at") Instant receivedAt,
            @JsonProperty("delivery_count") int deliveryCount) {}

    private InboundView row(Message m) throws JMSException {
        String provider = m.getStringProperty(Envelope.PROVIDER);
        return new InboundView(
                m.getStringProperty(Envelope.RECEIPT_ID),
                provider,
                eventId(provider, m),
                m.propertyExists(Envelope.RECEIVED_AT)
                        ? Instant.ofEpochMilli(m.getLongProperty(Envelope.RECEIVED_AT))
                        : null,
                m.propertyExists("JMSXDeliveryCount") ? m.getIntProperty("JMSXDeliveryCount") : 0);
    }

    /** As the provider's format reads it; null when it cannot (processing will say why). */
    private String eventId(String provider, Message m) throws JMSException {
        if (provider == null || !(m instanceof BytesMessage bytes) || bytes.getBodyLength() > Integer.MAX_VALUE) {
            return null;
        }
        byte[] body = new byte[(int) bytes.getBodyLength()];
        bytes.readBytes(body);
        Map<String, String> headers = Envelope.requestHeaders(m);
        return providers
                .find(provider)
                .map((Provider p) -> p.read(new WebhookRequest(provider, body, headers), null)
                        .eventId())
                .orElse(null);
    }
}
