package dev.payhook.ops;

import dev.payhook.outbox.EventSubscribers;
import dev.payhook.store.FlowStore.Search;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Where the recent order events and provider events went: each order event with the subscribers
 * that had it or are still to, each provider event received with its receipt and the messages it
 * made. Searched by provider, event id, the provider's event type, order and time.
 */
@Controller
public class ConsoleFlow {

    private static final int SHOWN = 100;

    private final EventFlow flow;
    private final EventSubscribers subscribers;

    public ConsoleFlow(EventFlow flow, EventSubscribers subscribers) {
        this.flow = flow;
        this.subscribers = subscribers;
    }

    @GetMapping("/ops/console/flow")
    public String flow(
            @RequestParam(defaultValue = "") String provider,
            @RequestParam(name = "event_id", defaultValue = "") String eventId,
            @RequestParam(name = "event_type", defaultValue = "") String eventType,
            @RequestParam(name = "order_id", defaultValue = "") String orderId,
            @RequestParam(defaultValue = "") String from,
            @RequestParam(defaultValue = "") String to,
            Model model) {
        model.addAttribute("provider", provider);
        model.addAttribute("eventId", eventId);
        model.addAttribute("eventType", eventType);
        model.addAttribute("orderId", orderId);
        model.addAttribute("from", from);
        model.addAttribute("to", to);
        model.addAttribute("subscribers", subscribers.all());
        List<EventFlow.Flow> orders = List.of();
        List<EventFlow.ProviderEvent> received = List.of();
        try {
            Search search = new Search(
                    Inputs.optionalIdentifier(Inputs.blankless(provider), "provider"),
                    Inputs.optionalIdentifier(Inputs.blankless(eventId), "event_id"),
                    Inputs.optionalIdentifier(Inputs.blankless(eventType), "event_type"),
                    Inputs.optionalIdentifier(Inputs.blankless(orderId), "order_id"),
                    Inputs.instant(from, "from"),
                    Inputs.instant(to, "to"));
            orders = flow.orders(search, SHOWN);
            received = flow.received(search, SHOWN);
        } catch (InvalidInput e) {
            model.addAttribute("message", e.getMessage());
        }
        model.addAttribute("orderEvents", orders);
        model.addAttribute("providerEvents", received);
        return "ops/flow";
    }
}
