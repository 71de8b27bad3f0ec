package dev.payhook.provider;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

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

    /**
     * Why {@code type} could not be bound, naming the field and the type it wants, never the value
     * that was there: Jackson's own message quotes it, and a dead letter's detail is shown to ops
     * (a card number sent where an amount belongs would be in the console and the export).
     */
    private static UnparseablePayload unreadable(Class<?> type, RuntimeException e) {
        String what = "not a " + type.getSimpleName();
        if (e instanceof MismatchedInputException mismatch
                && !mismatch.getPath().isEmpty()) {
            StringBuilder field = new StringBuilder();
            for (JacksonException.Reference r : mismatch.getPath()) {
                if (r.getPropertyName() != null) {
                    field.append(field.isEmpty() ? "" : ".").append(r.getPropertyName());
                } else if (r.getIndex() >= 0) {
                    field.append('[').append(r.getIndex()).append(']');
                }
            }
            String wanted = mismatch.getTargetType() == null
                    ? "another type"
                    : mismatch.getTargetType().getSimpleName();
            return new UnparseablePayload(what + ": " + field + " is not a " + wanted, e);
        }
        JsonParser parser = e instanceof StreamReadException read ? read.processor() : null;
        if (parser != null
                && parser.streamReadContext() != null
                && parser.streamReadContext().currentName() != null) {
            String field = parser.streamReadContext()
                    .pathAsPointer()
                    .toString()
                    .substring(1)
                    .replace('/', '.');
            return new UnparseablePayload(what + ": " + field + " is out of range or malformed", e);
        }
        return new UnparseablePayload(what + ": " + e.getClass().getSimpleName(), e);
    }

    public static <T> T readCamelCase(byte[] body, Class<T> type) {
        try {
            return CAMEL_CASE.readValue(body, type);
        } catch (RuntimeException e) {
            throw unreadable(type, e);
        }
    }

    public static <T> T read(byte[] body, Class<T> type) {
        try {
            return MAPPER.readValue(body, type);
        } catch (RuntimeException e) {
            throw unreadable(type, e);
        }
    }

    public static <T> T convert(JsonNode node, Class<T> type) {
        try {
            return MAPPER.treeToValue(node, type);
        } catch (RuntimeException e) {
            throw unreadable(type, e);
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

    /** One element of a listing, read once: its tree, and its bytes exactly as they were in the answer. */
    public record Element(JsonNode tree, byte[] bytes) {}

    /** An answer listing its elements under one field: the other fields as a tree, the elements in order. */
    public record Listing(JsonNode rest, List<Element> elements) {}

    /**
     * Reads a list answer in one pass, keeping each element of the array {@code field} as the bytes
     * the provider sent (the slice of the answer from its first to its last byte), not as Jackson
     * would write it again.
     */
    public static Listing listing(byte[] body, String field) {
        try (JsonParser parser = MAPPER.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new UnparseablePayload("not a JSON object");
            }
            ObjectNode rest = MAPPER.createObjectNode();
            List<Element> elements = new ArrayList<>();
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals(field) && value == JsonToken.START_ARRAY) {
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        int start = (int) parser.currentTokenLocation().getByteOffset();
                        JsonNode element = parser.readValueAsTree();
                        int end = (int) parser.currentLocation().getByteOffset();
                        elements.add(new Element(element, Arrays.copyOfRange(body, start, end)));
                    }
                } else {
                    rest.set(name, parser.readValueAsTree());
                }
            }
            return new Listing(rest, elements);
        } catch (JacksonException e) {
            throw new UnparseablePayload("not JSON: " + e.getClass().getSimpleName(), e);
        }
    }

    /** {@code value} written as JSON text. */
    public static String json(Object value) {
        return MAPPER.writeValueAsString(value);
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
