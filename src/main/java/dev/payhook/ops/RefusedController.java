package dev.payhook.ops;

import dev.payhook.store.RefusedRequestStore;
import dev.payhook.store.RefusedRequestStore.RefusedView;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Requests refused at the providers' endpoints and kept for examination: an attack, a secret rotated on one side. */
@RestController
public class RefusedController {

    private final RefusedRequestStore refused;

    public RefusedController(RefusedRequestStore refused) {
        this.refused = refused;
    }

    /** Newest first, without bodies; {@code since} an ISO-8601 instant. */
    @GetMapping("/ops/refused")
    public List<RefusedView> listRefused(
            @RequestParam(required = false) String provider,
            @RequestParam(required = false) String reason,
            @RequestParam(required = false) String since,
            @RequestParam(defaultValue = "100") int limit) {
        return refused.list(
                Inputs.optionalIdentifier(provider, "provider"),
                Inputs.optionalIdentifier(reason, "reason"),
                since(since),
                Inputs.limit(limit));
    }

    /** One, with its headers and the body kept ({@code body} as text, {@code body_base64} byte for byte). */
    @GetMapping("/ops/refused/{id}")
    @Refuses(status = 404, error = "unknown_refused_request")
    public RefusedDetail getRefused(@PathVariable UUID id) {
        return detail(id).orElseThrow(() -> Refusal.unknown("unknown_refused_request"));
    }

    Optional<RefusedDetail> detail(UUID id) {
        return refused.find(id).map(RefusedDetail::of);
    }

    static Instant since(String since) {
        return Inputs.instant(since, "since");
    }
}
