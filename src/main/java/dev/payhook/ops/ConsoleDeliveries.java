package dev.payhook.ops;

import dev.payhook.delivery.EndpointStatus;
import dev.payhook.delivery.FailedDeliveries;
import jakarta.jms.JMSException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** The merchant's HTTP endpoints on the console: how each is doing, and the failed messages to replay. */
@Controller
public class ConsoleDeliveries {

    private final EndpointStatus status;
    private final FailedDeliveries failed;
    private final DeliveriesController replayer;

    public ConsoleDeliveries(EndpointStatus status, FailedDeliveries failed, DeliveriesController replayer) {
        this.status = status;
        this.failed = failed;
        this.replayer = replayer;
    }

    @GetMapping("/ops/console/deliveries")
    public String list(Model model) {
        model.addAttribute("endpoints", status.all());
        model.addAttribute("failed", failed.list(null, 500));
        return "ops/deliveries";
    }

    /** One failed message ({@code id}) or all of an endpoint's ({@code endpoint}). */
    @PostMapping("/ops/console/deliveries/replay")
    public String replay(
            @RequestParam(required = false) String id,
            @RequestParam(required = false) String endpoint,
            HttpServletRequest request,
            RedirectAttributes flash)
            throws JMSException {
        int replayed = replayer.replay(
                new DeliveriesController.Replay(id == null ? null : List.of(id), endpoint), Actor.of(request));
        flash.addFlashAttribute(
                "message",
                replayed == 0
                        ? "Nothing to replay: it was replayed already."
                        : "Replayed " + replayed + (replayed == 1 ? " message" : " messages")
                                + " with the original webhook-id.");
        return "redirect:/ops/console/deliveries";
    }
}
