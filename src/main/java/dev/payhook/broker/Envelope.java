package dev.payhook.broker;

import jakarta.jms.JMSException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Message;
import org.apache.camel.component.jms.DefaultJmsKeyFormatStrategy;
import org.apache.camel.component.jms.JmsKeyFormatStrategy;

/**
 * What goes onto {@link Destination#INBOUND}: the raw bytes as the JMS body, the rest as message
 * properties, the provider's request headers each as a property of its own ({@value #HEADER}
 * and the header's name; camel-jms writes a name's dots and hyphens as JMS identifiers allow and
 * reads them back), so that nothing is parsed twice on the way to processing. A webhook has no
 * {@code fact} and no {@code runId}; a fact the reconciler read from a provider's API names the kind
 * of response its bytes are (how to read them) and the run that asked.
 */
public record Envelope(
        UUID receiptId,
        String provider,
        Instant receivedAt,
        String sourceIp,
        Map<String, String> headers,
        String traceparent,
        byte[] body,
        String fact,
        UUID runId) {

    /** A provider's delivery to the ingress. */
    public static Envelope webhook(
            UUID receiptId,
            String provider,
            Instant receivedAt,
            String sourceIp,
            Map<String, String> headers,
            String traceparent,
            byte[] body) {
        return new Envelope(receiptId, provider, receivedAt, sourceIp, headers, traceparent, body, null, null);
    }

    /** Pulled by the reconciler rather than pushed by the provider. */
    public boolean pulled() {
        return fact != null;
    }

    public static final String PROVIDER = "PayhookProvider";
    public static final String RECEIPT_ID = "PayhookReceiptId";
    public static final String RECEIVED_AT = "PayhookReceivedAt";
    static final String SOURCE_IP = "PayhookSourceIp";
    static final String HEADER = "PayhookHeader_";
    static final String FACT = "PayhookFact";
    static final String RUN_ID = "PayhookRunId";

    private static final JmsKeyFormatStrategy JMS_NAMES = new DefaultJmsKeyFormatStrategy();

    /** Replaces every header of the message with the envelope's properties, so nothing else reaches the broker. */
    public void writeTo(Message message) {
        message.removeHeaders("*");
        message.setHeader(PROVIDER, provider);
        message.setHeader(RECEIPT_ID, receiptId.toString());
        message.setHeader(RECEIVED_AT, receivedAt.toEpochMilli());
        message.setHeader(SOURCE_IP, sourceIp);
        headers.forEach((name, value) -> message.setHeader(HEADER + name, value));
        message.setHeader(Trace.TRACEPARENT, traceparent);
        if (pulled()) {
            message.setHeader(FACT, fact);
            message.setHeader(RUN_ID, runId == null ? null : runId.toString());
        }
        message.setBody(body);
    }

    public static Envelope readFrom(Message message) {
        byte[] body = message.getBody(byte[].class);
        String run = message.getHeader(RUN_ID, String.class);
        return new Envelope(
                UUID.fromString(message.getHeader(RECEIPT_ID, String.class)),
                message.getHeader(PROVIDER, String.class),
                Instant.ofEpochMilli(message.getHeader(RECEIVED_AT, Long.class)),
                message.getHeader(SOURCE_IP, String.class),
                requestHeaders(message.getHeaders()),
                message.getHeader(Trace.TRACEPARENT, String.class),
                body == null ? new byte[0] : body,
                message.getHeader(FACT, String.class),
                run == null ? null : UUID.fromString(run));
    }

    private static Map<String, String> requestHeaders(Map<String, Object> properties) {
        Map<String, String> headers = new HashMap<>();
        properties.forEach((name, value) -> {
            if (name.startsWith(HEADER) && value != null) {
                headers.put(name.substring(HEADER.length()), value.toString());
            }
        });
        return headers;
    }

    /** The request headers of a message read with the JMS API alone, where no camel-jms decodes the names. */
    public static Map<String, String> requestHeaders(jakarta.jms.Message message) throws JMSException {
        Map<String, String> headers = new HashMap<>();
        for (var names = message.getPropertyNames(); names.hasMoreElements(); ) {
            String name = JMS_NAMES.decodeKey((String) names.nextElement());
            if (name.startsWith(HEADER)) {
                headers.put(name.substring(HEADER.length()), message.getStringProperty(JMS_NAMES.encodeKey(name)));
            }
        }
        return headers;
    }
}
