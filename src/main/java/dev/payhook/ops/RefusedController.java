package dev.payhook.ops;

import dev.payhook.store.RefusedRequestStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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

/** Requests refused at the providers' endpoints and kept for examination: an attack, a secret rotated on one side. */
@RestController
public class RefusedController {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final RefusedRequestStore refused;

    public RefusedController(RefusedRequestStore refused) {
        this.refused = refused;
    }

    /** Newest first, without bodies; {@code since} an ISO-8601 instant. */
    @GetMapping("/ops/refused")
    public List<Map<String, Object>> listRefused(
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
    public ResponseEntity<Map<String, Object>> getRefused(@PathVariable UUID id) {
        return detail(id)
                .map(ResponseEntity::ok)
                .orElseGet(() -> ResponseEntity.status(404).body(Map.of("error", "unknown_refused_request")));
    }

    Optional<Map<String, Object>> detail(UUID id) {
        return refused.find(id).map(found -> {
            Map<String, Object> row = new LinkedHashMap<>(found);
            byte[] body = (byte[]) row.remove("body");
            row.put("headers", JSON.readTree((String) row.get("headers")));
            row.put("body_kept", body.length);
            row.put("body", new String(body, StandardCharsets.UTF_8));
            row.put("body_base64", Base64.getEncoder().encodeToString(body));
            return row;
        });
    }

    static Instant since(String since) {
        return Inputs.instant(since, "since");
    }
}
