package dev.payhook.ops;

import dev.payhook.store.FlowStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What flowed through since a moment: the provider events processed (by type, with their outcome)
 * and the messages published (by type, key and the order's version). {@code bin/payhook listen}
 * asks it every half second.
 */
@RestController
public class FlowController {

    /** How far back one may ask: the receipts' index is by time, and a tail is recent by nature. */
    static final Duration WINDOW = Duration.ofHours(1);

    /** The events and messages after the cursors, oldest first. */
    public record Flow(List<FlowStore.Received> received, List<FlowStore.Published> published) {}

    private final FlowStore flow;
    private final Clock clock;

    public FlowController(FlowStore flow, Clock clock) {
        this.flow = flow;
        this.clock = clock;
    }

    /** {@code since}: an instant within the last hour (default: a minute ago); {@code after_id}: the last outbox id seen. */
    @GetMapping("/ops/flow")
    public Flow getFlow(
            @RequestParam(required = false) String since,
            @RequestParam(name = "after_id", defaultValue = "0") long afterId,
            @RequestParam(defaultValue = "200") int limit) {
        Instant now = clock.instant();
        Instant from = Inputs.instant(since, "since");
        if (from == null) {
            from = now.minus(Duration.ofMinutes(1));
        } else if (from.isBefore(now.minus(WINDOW))) {
            throw InvalidInput.parameter("since must be within the last hour");
        }
        int rows = Inputs.limit(limit);
        long after = afterId > 0 ? afterId : flow.lastIdBefore(from);
        return new Flow(flow.received(from, rows), flow.published(after, rows));
    }
}
