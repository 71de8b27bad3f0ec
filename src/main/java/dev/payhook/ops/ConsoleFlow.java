package dev.payhook.ops;

import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Where the recent order events and provider events went: each with the subscribers that had it or are still to. */
@Controller
public class ConsoleFlow {

    private static final int SHOWN = 100;

    private final EventFlow flow;
    private final dev.payhook.outbox.EventSubscribers subscribers;

    public ConsoleFlow(EventFlow flow, dev.payhook.outbox.EventSubscribers subscribers) {
        this.flow = flow;
        this.subscribers = subscribers;
    }

    @GetMapping("/ops/console/flow")
    public String flow(@RequestParam(name = "order_id", defaultValue = "") String orderId, Model model) {
        model.addAttribute("orderId", orderId);
        model.addAttribute("subscribers", subscribers.all());
        List<EventFlow.Flow> flows;
        try {
            flows = flow.recent(Inputs.optionalIdentifier(Inputs.blankless(orderId), "order_id"), SHOWN);
        } catch (InvalidInput e) {
            flows = List.of();
            model.addAttribute("message", e.getMessage());
        }
        model.addAttribute(
                "orderEvents",
                flows.stream().filter(f -> f.source() == EventFlow.Source.ORDER).toList());
        model.addAttribute(
                "providerEvents",
                flows.stream()
                        .filter(f -> f.source() == EventFlow.Source.PROVIDER)
                        .toList());
        return "ops/flow";
    }
}
