package dev.payhook.ops;

import dev.payhook.processing.Replayer;
import dev.payhook.store.DeadLetterStore;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Messages processing would not apply: ops look at them, replay them once fixed, or discard them. */
@RestController
public class DeadLettersController {

    private final DeadLetterStore deadLetters;
    private final Replayer replayer;

    public DeadLettersController(DeadLetterStore deadLetters, Replayer replayer) {
        this.deadLetters = deadLetters;
        this.replayer = replayer;
    }

    /** Open ones by default; {@code status=all} for every one. */
    @GetMapping("/ops/dead-letters")
    public List<Map<String, Object>> list(
            @RequestParam(defaultValue = "open") String status, @RequestParam(defaultValue = "100") int limit) {
        return deadLetters.list(Inputs.status(status, DeadLetterStore.Status.class), Inputs.limit(limit));
    }

    @PostMapping("/ops/dead-letters/{id}/replay")
    public ResponseEntity<Map<String, Object>> replay(@PathVariable UUID id, HttpServletRequest request) {
        return answer(id, replayer.replay(id, Actor.of(request)), 202, "replayed");
    }

    @DeleteMapping("/ops/dead-letters/{id}")
    public ResponseEntity<Map<String, Object>> discard(@PathVariable UUID id, HttpServletRequest request) {
        return answer(id, replayer.discard(id, Actor.of(request)), 200, "discarded");
    }

    private static ResponseEntity<Map<String, Object>> answer(
            UUID id, Replayer.Result result, int status, String done) {
        return switch (result) {
            case DONE -> ResponseEntity.status(status).body(Map.of("id", id, "status", done));
            case UNKNOWN -> ResponseEntity.status(404).body(Map.of("error", "unknown_dead_letter"));
            case NOT_OPEN -> ResponseEntity.status(409).body(Map.of("error", "dead_letter_not_open"));
        };
    }
}
