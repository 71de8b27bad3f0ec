package dev.payhook.ops;

import dev.payhook.store.OpsActionStore;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** An order's dispute evidence pack, to send a provider before the dispute's deadline. */
@RestController
public class EvidenceController {

    private final OrdersController orders;
    private final EvidencePack pack;
    private final OpsActionStore actions;

    public EvidenceController(OrdersController orders, EvidencePack pack, OpsActionStore actions) {
        this.orders = orders;
        this.pack = pack;
        this.actions = actions;
    }

    /** The ZIP; who took it is recorded, as it holds the customer's data. 404 for an order not registered. */
    @GetMapping("/ops/orders/{orderId}/evidence")
    @Refuses(status = 404, error = "unknown_order")
    public ResponseEntity<StreamingResponseBody> exportEvidence(
            @PathVariable String orderId, HttpServletRequest request) {
        Inputs.identifier(orderId, "order id");
        OrderView order = orders.view(orderId).orElseThrow(() -> Refusal.unknown("unknown_order"));
        actions.record(Actor.of(request), "export_evidence", "order " + orderId, null, null);
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType("application/zip"))
                .header(
                        "Content-Disposition",
                        "attachment; filename=\"evidence-" + orderId.replaceAll("[^A-Za-z0-9._-]", "_") + ".zip\"")
                .body(out -> pack.write(orderId, order, out));
    }
}
