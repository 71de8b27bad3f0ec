package dev.payhook.ops;

import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ReceiptReads;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The evidence log for ops: what arrived, from where, and what Payhook did with it. */
@RestController
public class ReceiptsController {

    private final ReceiptReads receipts;
    private final OpsActionStore actions;

    public ReceiptsController(ReceiptReads receipts, OpsActionStore actions) {
        this.receipts = receipts;
        this.actions = actions;
    }

    @GetMapping("/ops/receipts")
    public List<ReceiptReads.Receipt> searchReceipts(
            @RequestParam(required = false) String provider,
            @RequestParam(name = "event_id", required = false) String eventId,
            @RequestParam(name = "order_id", required = false) String orderId,
            @RequestParam(defaultValue = "100") int limit) {
        return receipts.search(
                Inputs.optionalIdentifier(provider, "provider"),
                Inputs.optionalIdentifier(eventId, "event_id"),
                Inputs.optionalIdentifier(orderId, "order_id"),
                Inputs.limit(limit));
    }

    @GetMapping("/ops/receipts/{id}")
    @Refuses(status = 404, error = "unknown_receipt")
    public ReceiptDetail getReceipt(@PathVariable UUID id) {
        return detail(id).orElseThrow(() -> Refusal.unknown("unknown_receipt"));
    }

    /** The receipt as ops read it, for the API and the console alike. */
    Optional<ReceiptDetail> detail(UUID id) {
        return receipts.find(id).map(w -> ReceiptDetail.of(w, receipts.events(id), actions.ofReceipt(id)));
    }
}
