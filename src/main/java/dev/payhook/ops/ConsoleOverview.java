package dev.payhook.ops;

import dev.payhook.broker.BrokerQueues;
import dev.payhook.broker.Destination;
import dev.payhook.reconcile.RunStore;
import dev.payhook.store.DeadLetterStore;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.ReviewStore;
import java.time.Clock;
import java.time.Instant;
import java.util.stream.Stream;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The console's first page: what waits, what needs a person, the last alerts and reconciliation runs. */
@Controller
public class ConsoleOverview {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final BrokerQueues broker;
    private final DeadLetterStore deadLetters;
    private final ReviewStore reviews;
    private final OutboxStore outbox;
    private final RunStore runs;
    private final Clock clock;

    public ConsoleOverview(
            BrokerQueues broker,
            DeadLetterStore deadLetters,
            ReviewStore reviews,
            OutboxStore outbox,
            RunStore runs,
            Clock clock) {
        this.broker = broker;
        this.deadLetters = deadLetters;
        this.reviews = reviews;
        this.outbox = outbox;
        this.runs = runs;
        this.clock = clock;
    }

    @GetMapping({"/ops", "/ops/"})
    public String overview(Model model) {
        model.addAttribute(
                "depths",
                Stream.of(Destination.INBOUND, Destination.DLQ)
                        .map(q -> new Depth(q.address(), depth(q)))
                        .toList());
        // what an HTTP endpoint, a branch or a route of the merchant's own did not take: waits for a replay
        model.addAttribute("parked", depth(Destination.DELIVERIES_FAILED));
        model.addAttribute("openDeadLetters", deadLetters.count(DeadLetterStore.Status.OPEN));
        model.addAttribute("openReviews", reviews.count(ReviewStore.Status.OPEN));
        model.addAttribute(
                "alerts",
                Ages.of(
                        outbox.recent(Destination.ALERTS, 10).stream()
                                .map(ConsoleOverview::readable)
                                .toList(),
                        Alert::createdAt,
                        clock));
        model.addAttribute("runs", Ages.of(runs.recent(5), RunStore.ReconcileRun::startedAt, clock));
        return "ops/overview";
    }

    /** A queue's depth, or why it is unknown. */
    record Depth(String queue, String depth) {}

    /**
     * An alert as the overview lists it: its kind, its payload's provider and detail, and for a
     * burst of refusals the console's page of the refused requests.
     */
    record Alert(String kind, String provider, String detail, String refused, Instant createdAt) {}

    private static Alert readable(OutboxStore.Written alert) {
        JsonNode payload = JSON.readTree(alert.payload());
        String refused = payload.path("refused_requests").asString("");
        return new Alert(
                alert.kind(),
                payload.path("provider").asString(""),
                payload.path("detail").asString(payload.path("subject").asString("")),
                refused.isEmpty() ? null : refused.replace("/ops/refused", "/ops/console/refused"),
                alert.createdAt());
    }

    /** The depth, or why it is unknown: the page must render while the broker is down. */
    private String depth(Destination queue) {
        try {
            return Long.toString(broker.depth(queue.address()));
        } catch (RuntimeException e) {
            return "broker not answering";
        }
    }

    @GetMapping("/ops/console/runs")
    public String runs(Model model) {
        model.addAttribute("runs", Ages.of(runs.recent(50), RunStore.ReconcileRun::startedAt, clock));
        return "ops/runs";
    }
}
