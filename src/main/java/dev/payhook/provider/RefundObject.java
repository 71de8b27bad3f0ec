package dev.payhook.provider;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * A refund object as a provider's refund API answered it, read as the event its webhook would be.
 * Its event id is {@code refund:<refund id>:<status>}: the same however often it is asked, so the
 * event-id lock makes a second reading a duplicate.
 */
public record RefundObject(String id, String status, Instant at) {

    /**
     * The head of a refund object that names its id {@code idField}, its status {@code status}, and
     * its time (ISO-8601 with an offset) by the first of {@code times} it carries.
     */
    public static Function<JsonNode, RefundObject> fields(String idField, String... times) {
        return refund -> {
            String at = Arrays.stream(times)
                    .filter(t -> refund.path(t).isString())
                    .findFirst()
                    .orElse(times[times.length - 1]);
            return new RefundObject(
                    WireJson.text(refund, idField),
                    WireJson.text(refund, "status"),
                    WireJson.offsetTime(WireJson.text(refund, at), at));
        };
    }

    /**
     * How one provider's refund object reads.
     *
     * @param head the refund's id, status and time, from the object
     * @param event the event, from a builder that already carries its provider, id, type and time
     */
    public record Reader(
            Function<JsonNode, RefundObject> head,
            BiFunction<NormalizedEvent.Builder, JsonNode, NormalizedEvent> event) {

        /** The refund object of {@code fact} as one event of {@code provider}. */
        public Reading read(String provider, Fact fact) {
            try {
                JsonNode tree = WireJson.tree(fact.body());
                RefundObject refund = head.apply(tree);
                String eventId = "refund:" + WireJson.require(refund.id(), "refund id") + ":" + refund.status();
                return Reading.of(
                        eventId,
                        () -> List.of(event.apply(
                                NormalizedEvent.builder(provider, eventId, "refund." + refund.status(), refund.at()),
                                tree)));
            } catch (UnparseablePayload e) {
                return Reading.failed(null, e);
            }
        }
    }
}
