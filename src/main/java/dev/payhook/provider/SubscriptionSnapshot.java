package dev.payhook.provider;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/** A subscription as a provider's API answered it, read as one more event of its history. */
public final class SubscriptionSnapshot {

    private SubscriptionSnapshot() {}

    /**
     * {@code subscription} finds the object in the answer, {@code idField} its id; {@code event}
     * reads it under the event id the answer gets: the same subscription always gets the same id, a
     * changed one another, so asked again daily an unchanged one is a duplicate at the first lock.
     */
    public static Reading read(
            Fact fact,
            Function<JsonNode, JsonNode> subscription,
            String idField,
            BiFunction<String, JsonNode, NormalizedEvent> event) {
        JsonNode object;
        try {
            object = subscription.apply(WireJson.tree(fact.body()));
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        String eventId = eventId(object.path(idField).asString(""), object.toString());
        return Reading.of(eventId, () -> List.of(event.apply(eventId, object)));
    }

    /** The first of {@code fields} the object has, as an RFC 3339 time; null when none. */
    public static Instant firstTime(JsonNode object, String... fields) {
        for (String field : fields) {
            if (object.path(field).isString()) {
                return WireJson.instant(object.path(field).asString(), field);
            }
        }
        return null;
    }

    private static String eventId(String subscriptionId, String object) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(object.getBytes(StandardCharsets.UTF_8));
            return "query:" + subscriptionId + ":" + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
