package dev.payhook.ops;

import dev.payhook.processing.InboundQueue;
import dev.payhook.processing.InboundQueue.InboundView;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /ops/inbound}: notifications accepted and waiting for processing, browsed from the broker. */
@RestController
public class InboundController {

    private final InboundQueue inbound;

    public InboundController(InboundQueue inbound) {
        this.inbound = inbound;
    }

    @GetMapping("/ops/inbound")
    public List<InboundView> listInbound(@RequestParam(defaultValue = "100") int limit) {
        return inbound.browse(Inputs.limit(limit));
    }
}
