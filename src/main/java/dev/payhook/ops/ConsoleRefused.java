package dev.payhook.ops;

import dev.payhook.store.RefusedRequestStore;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;

/** Refused requests on the console: filtered by provider, reason and time; one with its headers and body. */
@Controller
public class ConsoleRefused {

    private final RefusedRequestStore refused;
    private final RefusedController detail;
    private final Clock clock;

    public ConsoleRefused(RefusedRequestStore refused, RefusedController detail, Clock clock) {
        this.refused = refused;
        this.detail = detail;
        this.clock = clock;
    }

    @GetMapping("/ops/console/refused")
    public String list(
            @RequestParam(defaultValue = "") String provider,
            @RequestParam(defaultValue = "") String reason,
            @RequestParam(defaultValue = "") String since,
            Model model) {
        model.addAttribute("provider", provider);
        model.addAttribute("reason", reason);
        model.addAttribute("since", since);
        try {
            model.addAttribute(
                    "refused",
                    Ages.of(
                            refused.list(
                                    Inputs.optionalIdentifier(Inputs.blankless(provider), "provider"),
                                    Inputs.optionalIdentifier(Inputs.blankless(reason), "reason"),
                                    RefusedController.since(since),
                                    200),
                            RefusedRequestStore.RefusedView::receivedAt,
                            clock));
        } catch (InvalidInput e) {
            model.addAttribute("refused", List.of());
            model.addAttribute("message", e.getMessage());
        }
        return "ops/refused";
    }

    @GetMapping("/ops/console/refused/{id}")
    public String one(@PathVariable UUID id, Model model) {
        model.addAttribute(
                "request",
                detail.detail(id)
                        .orElseThrow(
                                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no such refused request")));
        return "ops/refused-request";
    }
}
