package dev.payhook.broker;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Message;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * What goes onto {@link Destination#INBOUND}: the raw bytes as the JMS body, the rest as message properties.
 * Property names are valid JMS identifiers, so the broker keeps them as they are.
 */
public record Envelope(
        UUID receiptId,
        String provider,
        Instant receivedAt,
        String sourceIp,
        Map<String, String> headers,
        String traceId,
        byte[] body) {

    public static final String PROVIDER = "PayhookProvider";
    static final String RECEIPT_ID = "PayhookReceiptId";
    static final String RECEIVED_AT = "PayhookReceivedAt";
    static final String SOURCE_IP = "PayhookSourceIp";
    static final String HEADERS = "PayhookHeaders";
    static final String TRACE_ID = "PayhookTraceId";

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
        message.setHeader(TRACE_ID, traceId);
        message.setBody(body);
    }

    public static Envelope readFrom(Message message) {
        byte[] body = message.getBody(byte[].class);
        return new Envelope(
                UUID.fromString(message.getHeader(RECEIPT_ID, String.class)),
                message.getHeader(PROVIDER, String.class),
                Instant.ofEpochMilli(message.getHeader(RECEIVED_AT, Long.class)),
                message.getHeader(SOURCE_IP, String.class),
                headersFrom(message.getHeader(HEADERS, String.class)),
                message.getHeader(TRACE_ID, String.class),
                body == null ? new byte[0] : body);
    }

    public static Map<String, String> headersFrom(String json) {
        return JSON.readValue(json, HEADER_MAP);
    }

    public static String headersJson(Map<String, String> headers) {
        return JSON.writeValueAsString(headers);
    }
}
