package dev.payhook.provider;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/** Reads the providers' JSON (snake_case unless said otherwise) into the wire records of each provider package. */
public final class WireJson {

    // a signed payload with a key twice is read differently by different parsers: it is no payload
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** For providers whose JSON is camelCase (Adyen). */
    private static final JsonMapper CAMEL_CASE = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
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

    /** The document as a tree, parsed once: its id read from it, its records bound from it. */
    public static JsonNode tree(byte[] body) {
        try {
            JsonNode tree = MAPPER.readTree(body);
            if (tree == null || !tree.isObject()) {
                throw new UnparseablePayload("not a JSON object");
            }
            return tree;
        } catch (JacksonException e) {
            throw new UnparseablePayload("not JSON: " + e.getClass().getSimpleName(), e);
        }
    }

    /** A part of a provider's answer as bytes again: the same JSON, as Jackson writes it. */
    /** {@code value} written as JSON text. */
    public static String json(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    public static byte[] bytes(JsonNode node) {
        return MAPPER.writeValueAsBytes(node);
    }

    /** A string field of {@code node}, null when absent or not a string. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() ? value.asString() : null;
    }

    /** A mandatory ISO 8601 date-time with an offset (RFC 3339), as Adyen and WeChat Pay send their times. */
    public static Instant offsetTime(String text, String field) {
        try {
            return OffsetDateTime.parse(require(text, field).trim()).toInstant();
        } catch (DateTimeParseException e) {
            throw new UnparseablePayload(field + " is not an ISO 8601 date-time with offset");
        }
    }

    /** A mandatory ISO 8601 instant in UTC ({@code 2026-01-31T09:00:00Z}), as Payhook itself writes times. */
    public static Instant instant(String text, String field) {
        try {
            return Instant.parse(require(text, field).trim());
        } catch (DateTimeParseException e) {
            throw new UnparseablePayload(field + " is not an ISO 8601 instant");
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
