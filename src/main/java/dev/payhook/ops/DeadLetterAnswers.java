package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.store.DeadLetterStore;
import java.util.Map;
import java.util.UUID;

/** What the dead-letter calls answer besides the dead letters themselves. */
public final class DeadLetterAnswers {

    private DeadLetterAnswers() {}

    /** How many dead letters a filter names, in all and by reason, the most frequent first. */
    public record DeadLetterCounts(
            int total, @JsonProperty("by_reason") Map<String, Integer> byReason) {}

    /** A dead letter replayed or discarded. */
    public record DeadLetterClosed(UUID id, DeadLetterStore.Status status) {}

    /** A bulk replay or discard: its id in ops_actions and how many dead letters it took. */
    public record DeadLetterBatch(@JsonProperty("batch_id") UUID batchId, int count) {}
}
