package dev.payhook.ops;

import dev.payhook.broker.BrokerQueues;
import dev.payhook.broker.Destination;
import dev.payhook.reconcile.RunStore;
import dev.payhook.store.DeadLetterStore;
import dev.payhook.store.OutboxStore;
import dev.payhook.store.ReviewStore;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        Map<String, Object> depths = new LinkedHashMap<>();
        for (Destination queue : new Destination[] {Destination.INBOUND, Destination.DLQ}) {
            depths.put(queue.address(), depth(queue));
        }
        model.addAttribute("depths", depths);
        model.addAttribute("openDeadLetters", deadLetters.count(DeadLetterStore.Status.OPEN));
        model.addAttribute("openReviews", reviews.count(ReviewStore.Status.OPEN));
        model.addAttribute("alerts", Ages.of(readable(outbox.recent(Destination.ALERTS, 10)), "created_at", clock));
        model.addAttribute("runs", Ages.of(runs.recent(5), RunStore.ReconcileRun::startedAt, clock));
        return "ops/overview";
    }

    /** Each alert with its payload's provider and detail as columns of their own. */
    private static List<Map<String, Object>> readable(List<Map<String, Object>> alerts) {
        return alerts.stream()
                .map(alert -> {
                    Map<String, Object> row = new LinkedHashMap<>(alert);
                    JsonNode payload = JSON.readTree((String) alert.get("payload"));
                    row.put("provider", payload.path("provider").asString(""));
                    row.put(
                            "detail",
                            payload.path("detail")
                                    .asString(payload.path("subject").asString("")));
                    // a burst of refusals names the requests: the console's page of them
                    String refused = payload.path("refused_requests").asString("");
                    row.put(
                            "refused",
                            refused.isEmpty() ? null : refused.replace("/ops/refused", "/ops/console/refused"));
                    return row;
                })
                .toList();
    }

    /** The depth, or why it is unknown: the page must render while the broker is down. */
    private Object depth(Destination queue) {
        try {
            return broker.depth(queue.address());
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
