package dev.payhook.ops;

import dev.payhook.delivery.EndpointStatus;
import dev.payhook.delivery.FailedDeliveries;
import dev.payhook.store.OpsActionStore;
import jakarta.jms.JMSException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The merchant's HTTP endpoints (DESIGN.md §11.2): how each is doing, what failed, and its replay. */
@RestController
public class DeliveriesController {

    private final EndpointStatus status;
    private final FailedDeliveries failed;
    private final OpsActionStore actions;

    public DeliveriesController(EndpointStatus status, FailedDeliveries failed, OpsActionStore actions) {
        this.status = status;
        this.failed = failed;
        this.actions = actions;
    }

    @GetMapping("/ops/deliveries")
    public List<EndpointStatus.DeliveryEndpoint> listDeliveryEndpoints() {
        return status.all();
    }

    @GetMapping("/ops/deliveries/failed")
    public List<FailedDeliveries.FailedDelivery> listFailedDeliveries(
            @RequestParam(required = false) String endpoint, @RequestParam(defaultValue = "100") int limit) {
        try {
            return failed.list(endpoint, Inputs.limit(limit));
        } catch (IllegalArgumentException e) {
            throw new InvalidInput(e.getMessage());
        }
    }

    /** {@code {"ids":[..]}} or {@code {"endpoint":"x"}} (all of one endpoint's): 202 with how many went back. */
    public record Replay(List<String> ids, String endpoint) {}

    /** How many failed deliveries went back to their endpoints' queues. */
    public record DeliveriesReplayed(int replayed) {}

    @PostMapping("/ops/deliveries/failed/replay")
    public ResponseEntity<DeliveriesReplayed> replayFailedDeliveries(
            @RequestBody Replay body, HttpServletRequest request) throws JMSException {
        return ResponseEntity.status(202).body(new DeliveriesReplayed(replay(body, Actor.of(request))));
    }

    /** The replay of the API and the console: checked, done, and recorded as {@code actor}'s; how many went back. */
    int replay(Replay body, String actor) throws JMSException {
        if ((body.ids() == null) == (body.endpoint() == null)) {
            throw new InvalidInput("give either ids or endpoint");
        }
        if (body.ids() != null && body.ids().size() > Inputs.MAX_ROWS) {
            throw new InvalidInput("at most " + Inputs.MAX_ROWS + " ids at once");
        }
        int replayed;
        try {
            replayed = body.ids() != null ? failed.replay(body.ids(), actor) : failed.replayAll(body.endpoint(), actor);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput(e.getMessage());
        }
        String target = body.ids() != null ? String.join(",", body.ids()) : "endpoint:" + body.endpoint();
        actions.record(actor, "replay_delivery", target, null, replayed + " replayed");
        return replayed;
    }
}
