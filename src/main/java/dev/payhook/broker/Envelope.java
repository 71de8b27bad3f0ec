package dev.payhook.broker;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Message;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * What goes onto {@link Destination#INBOUND}: the raw bytes as the JMS body, the rest as message properties.
 * Property names are valid JMS identifiers, so the broker keeps them as they are. A webhook has no
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
    public static final String HEADERS = "PayhookHeaders";
    static final String FACT = "PayhookFact";
    static final String RUN_ID = "PayhookRunId";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<Map<String, String>> HEADER_MAP = new TypeReference<>() {};

    /** Replaces every header of the message with the envelope's properties, so nothing else reaches the broker. */
    public void writeTo(Message message) {
        message.removeHeaders("*");
        message.setHeader(PROVIDER, provider);
        message.setHeader(RECEIPT_ID, receiptId.toString());
        message.setHeader(RECEIVED_AT, receivedAt.toEpochMilli());
        message.setHeader(SOURCE_IP, sourceIp);
        message.setHeader(HEADERS, headersJson(headers));
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
                headersFrom(message.getHeader(HEADERS, String.class)),
                message.getHeader(Trace.TRACEPARENT, String.class),
                body == null ? new byte[0] : body,
                message.getHeader(FACT, String.class),
                run == null ? null : UUID.fromString(run));
    }

    public static Map<String, String> headersFrom(String json) {
        return JSON.readValue(json, HEADER_MAP);
    }

    public static String headersJson(Map<String, String> headers) {
        return JSON.writeValueAsString(headers);
    }
}
