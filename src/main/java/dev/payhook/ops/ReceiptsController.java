package dev.payhook.ops;

import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ReceiptStore;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/** The evidence log for ops: what arrived, from where, and what Payhook did with it. */
@RestController
public class ReceiptsController {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final ReceiptStore receipts;
    private final OpsActionStore actions;

    public ReceiptsController(ReceiptStore receipts, OpsActionStore actions) {
        this.receipts = receipts;
        this.actions = actions;
    }

    @GetMapping("/ops/receipts")
    public List<Map<String, Object>> searchReceipts(
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

    /**
     * The row with its raw body ({@code body} as UTF-8 text, {@code body_base64} byte for byte), a
     * thin notification's fetched object ({@code fetched_kind}, {@code fetched_body}, {@code
     * fetched_at}), each event's outcome, and what ops did.
     */
    @GetMapping("/ops/receipts/{id}")
    public ResponseEntity<Map<String, Object>> getReceipt(@PathVariable UUID id) {
        return detail(id)
                .map(ResponseEntity::ok)
                .orElseGet(() -> ResponseEntity.status(404).body(Map.of("error", "unknown_receipt")));
    }

    /** The receipt as ops read it, for the API and the console alike. */
    Optional<Map<String, Object>> detail(UUID id) {
        List<Map<String, Object>> rows = receipts.find(id);
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> row = new LinkedHashMap<>(rows.get(0));
        byte[] body = (byte[]) row.remove("body");
        row.put("headers", JSON.readTree((String) row.get("headers")));
        // body_sha256 is there from the start; past payhook.evidence.retention only it and body_dropped_at remain
        row.put("body", body == null ? null : new String(body, StandardCharsets.UTF_8));
        row.put("body_base64", body == null ? null : Base64.getEncoder().encodeToString(body));
        // a thin notification's object, as the provider's API answered it when processing fetched it
        byte[] fetched = (byte[]) row.remove("fetched_body");
        row.put("fetched_body", fetched == null ? null : new String(fetched, StandardCharsets.UTF_8));
        row.put("events", receipts.events(id));
        row.put("ops_actions", actions.ofReceipt(id));
        return Optional.of(row);
    }
}
