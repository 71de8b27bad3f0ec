package dev.payhook.ops;

import dev.payhook.payment.RefundStatus;
import dev.payhook.payment.WireName;
import dev.payhook.store.RefundRequestReads;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Refund requests on the console, newest first, filtered by status: where each stands with the
 * provider, and for one whose outcome is unknown, what the last call said.
 */
@Controller
public class ConsoleRefunds {

    private final RefundRequestReads store;
    private final Clock clock;

    public ConsoleRefunds(RefundRequestReads store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    @GetMapping("/ops/console/refunds")
    public String list(@RequestParam(defaultValue = "all") String status, Model model) {
        model.addAttribute("status", status);
        model.addAttribute(
                "statuses",
                Stream.of(RefundStatus.values()).map(WireName::wireName).toList());
        try {
            model.addAttribute(
                    "refunds",
                    Ages.of(
                            store.list(Inputs.status(status, RefundStatus.class), 200),
                            RefundRequestReads.RefundView::createdAt,
                            clock));
        } catch (InvalidInput e) {
            model.addAttribute("refunds", List.of());
            model.addAttribute("message", e.getMessage());
        }
        return "ops/refunds";
    }
}
