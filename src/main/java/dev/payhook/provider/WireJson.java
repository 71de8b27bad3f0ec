package dev.payhook.provider;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/** Reads the providers' JSON (snake_case unless said otherwise) into the wire records of each provider package. */
public final class WireJson {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** For providers whose JSON is camelCase (Adyen). */
    private static final JsonMapper CAMEL_CASE = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private WireJson() {}

    public static <T> T readCamelCase(byte[] body, Class<T> type) {
        try {
            return CAMEL_CASE.readValue(body, type);
        } catch (RuntimeException e) {
            throw new UnparseablePayload(
                    "not a " + type.getSimpleName() + ": " + e.getClass().getSimpleName(), e);
        }
    }

    public static <T> T read(byte[] body, Class<T> type) {
        try {
            return MAPPER.readValue(body, type);
        } catch (RuntimeException e) {
            throw new UnparseablePayload(
                    "not a " + type.getSimpleName() + ": " + e.getClass().getSimpleName(), e);
        }
    }

    public static <T> T convert(JsonNode node, Class<T> type) {
        try {
            return MAPPER.treeToValue(node, type);
        } catch (RuntimeException e) {
            throw new UnparseablePayload(
                    "not a " + type.getSimpleName() + ": " + e.getClass().getSimpleName(), e);
        }
    }

    /**
     * A top-level string field read by streaming, without binding the rest of the document:
     * the evidence step needs only the event id, and must get it even from a message it cannot map.
     */
    public static String topLevelString(byte[] body, String field) {
        try (JsonParser parser = MAPPER.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new UnparseablePayload("not a JSON object");
            }
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals(field)) {
                    return value == JsonToken.VALUE_STRING ? parser.getString() : null;
                }
                parser.skipChildren();
            }
            return null;
        } catch (JacksonException e) {
            throw new UnparseablePayload("not JSON: " + e.getClass().getSimpleName(), e);
        }
    }

    /** A mandatory ISO 8601 date-time with an offset (RFC 3339), as Adyen and WeChat Pay send their times. */
    public static Instant offsetTime(String text, String field) {
        try {
            return OffsetDateTime.parse(require(text, field).trim()).toInstant();
        } catch (DateTimeParseException e) {
            throw new UnparseablePayload(field + " is not an ISO 8601 date-time with offset");
        }
    }

    /** A mandatory field: a notification without it cannot be applied. */
    public static <T> T require(T value, String field) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            throw new UnparseablePayload("missing field " + field);
        }
        return value;
    }
}
