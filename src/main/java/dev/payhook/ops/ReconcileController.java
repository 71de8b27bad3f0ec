package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.reconcile.Reconciler;
import dev.payhook.reconcile.RunStore;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.OrderStore;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Reconciliation on demand (docs/DESIGN.md §7): ask a provider now, then read how the run went. */
@RestController
public class ReconcileController {

    /** One order at its provider, or one provider's feed (from {@code since}, else its cursor). */
    public record ReconcileRequest(@JsonProperty("order_id") String orderId, String provider, String since) {}

    private final Reconciler reconciler;
    private final RunStore runs;
    private final OrderStore orders;
    private final ProviderRegistry providers;
    private final OpsActionStore actions;

    public ReconcileController(
            Reconciler reconciler,
            RunStore runs,
            OrderStore orders,
            ProviderRegistry providers,
            OpsActionStore actions) {
        this.reconciler = reconciler;
        this.runs = runs;
        this.orders = orders;
        this.providers = providers;
        this.actions = actions;
    }

    @PostMapping("/ops/reconcile")
    @Refuses(status = 404, error = "unknown_order")
    @Refuses(status = 404, error = "unknown_provider")
    public ResponseEntity<ReconcileStarted> startReconcile(
            @RequestBody(required = false) ReconcileRequest body, HttpServletRequest request) {
        if (body == null || (body.orderId() == null) == (body.provider() == null)) {
            throw new InvalidInput("give either order_id, or provider (with since, optionally)");
        }
        UUID run;
        if (body.orderId() != null) {
            String orderId = Inputs.identifier(body.orderId(), "order_id");
            if (body.since() != null) {
                throw new InvalidInput("since goes with provider, not with order_id");
            }
            if (orders.find(orderId).isEmpty()) {
                throw Refusal.unknown("unknown_order");
            }
            run = reconciler.startOrder(orderId);
        } else {
            String provider = Inputs.identifier(body.provider(), "provider");
            if (providers.find(provider).isEmpty()) {
                throw Refusal.unknown("unknown_provider");
            }
            run = reconciler.startProvider(provider, since(body.since()));
        }
        actions.record(Actor.of(request), "reconcile", describe(body), null, "run " + run);
        return ResponseEntity.status(202).body(new ReconcileStarted(run));
    }

    /** A run started: where to follow it, {@code GET /ops/reconcile/{run_id}}. */
    public record ReconcileStarted(@JsonProperty("run_id") UUID runId) {}

    @GetMapping("/ops/reconcile/{runId}")
    @Refuses(status = 404, error = "unknown_run")
    public RunStore.ReconcileRunDetail getReconcileRun(@PathVariable UUID runId) {
        return runs.find(runId).orElseThrow(() -> Refusal.unknown("unknown_run"));
    }

    @GetMapping("/ops/reconcile")
    public List<RunStore.ReconcileRun> listReconcileRuns(@RequestParam(defaultValue = "50") int limit) {
        return runs.recent(Inputs.limit(limit));
    }

    /** Older than any provider's event history, and within what every store and API can hold. */
    private static final Instant EARLIEST_SINCE = Instant.parse("2000-01-01T00:00:00Z");

    private static Instant since(String since) {
        if (since == null) {
            return null;
        }
        try {
            Instant at = Instant.parse(since);
            if (at.isAfter(Instant.now())) {
                throw new InvalidInput("since is in the future");
            }
            if (at.isBefore(EARLIEST_SINCE)) {
                throw new InvalidInput("since is before " + EARLIEST_SINCE + ": no provider keeps events that old");
            }
            return at;
        } catch (DateTimeParseException e) {
            throw new InvalidInput("since must be an ISO-8601 instant such as 2026-01-31T00:00:00Z");
        }
    }

    private static String describe(ReconcileRequest body) {
        return body.orderId() != null
                ? "order " + body.orderId()
                : "provider " + body.provider() + (body.since() == null ? "" : " since " + body.since());
    }
}
