package dev.payhook.ops;

import dev.payhook.store.ReceiptReads;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;

/** The evidence log on the console: search by provider, event id or order; one receipt with its raw bytes. */
@Controller
public class ConsoleReceipts {

    private final ReceiptReads receipts;
    private final ReceiptsController detail;

    public ConsoleReceipts(ReceiptReads receipts, ReceiptsController detail) {
        this.receipts = receipts;
        this.detail = detail;
    }

    @GetMapping("/ops/console/receipts")
    public String search(
            @RequestParam(defaultValue = "") String provider,
            @RequestParam(name = "event_id", defaultValue = "") String eventId,
            @RequestParam(name = "order_id", defaultValue = "") String orderId,
            Model model) {
        model.addAttribute("provider", provider);
        model.addAttribute("eventId", eventId);
        model.addAttribute("orderId", orderId);
        try {
            model.addAttribute(
                    "receipts",
                    receipts.search(
                            Inputs.optionalIdentifier(Inputs.blankless(provider), "provider"),
                            Inputs.optionalIdentifier(Inputs.blankless(eventId), "event_id"),
                            Inputs.optionalIdentifier(Inputs.blankless(orderId), "order_id"),
                            100));
        } catch (InvalidInput e) {
            model.addAttribute("receipts", List.of());
            model.addAttribute("message", e.getMessage());
        }
        return "ops/receipts";
    }

    @GetMapping("/ops/console/receipts/{id}")
    public String receipt(@PathVariable UUID id, Model model) {
        model.addAttribute(
                "receipt",
                detail.detail(id)
                        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no such receipt")));
        return "ops/receipt";
    }
}
