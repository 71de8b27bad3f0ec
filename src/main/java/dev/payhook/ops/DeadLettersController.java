package dev.payhook.ops;

import dev.payhook.processing.Replayer;
import dev.payhook.store.DeadLetterFilter;
import dev.payhook.store.DeadLetterStore;
import dev.payhook.store.DeadLetterStore.DeadLetterView;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Messages processing would not apply: ops look at them, replay them once fixed, or discard them,
 * one at a time or a filter's whole result at once (after an incident: hundreds of one reason).
 */
@RestController
public class DeadLettersController {

    private static final MediaType NDJSON = MediaType.parseMediaType("application/x-ndjson");

    private final DeadLetterStore deadLetters;
    private final Replayer replayer;
    private final DeadLetterExport export;

    public DeadLettersController(DeadLetterStore deadLetters, Replayer replayer, DeadLetterExport export) {
        this.deadLetters = deadLetters;
        this.replayer = replayer;
        this.export = export;
    }

    /** Open ones by default ({@code status=all} for every one), oldest first; the next page starts {@code after} the last id. */
    @GetMapping("/ops/dead-letters")
    public List<DeadLetterView> listDeadLetters(
            @RequestParam(defaultValue = "open") @OneOf(value = DeadLetterStore.Status.class, also = "all")
                    String status,
            @ParameterObject DeadLetterQuery query,
            @RequestParam(required = false) UUID after,
            @RequestParam(defaultValue = "100") int limit) {
        return deadLetters.list(filter(query, status), after, Inputs.limit(limit));
    }

    /** How many the filter names, in all and by reason. */
    @GetMapping("/ops/dead-letters/counts")
    public DeadLetterAnswers.DeadLetterCounts countDeadLetters(
            @RequestParam(defaultValue = "open") @OneOf(value = DeadLetterStore.Status.class, also = "all")
                    String status,
            @ParameterObject DeadLetterQuery query) {
        Map<String, Integer> byReason = deadLetters.countByReason(filter(query, status));
        return new DeadLetterAnswers.DeadLetterCounts(
                byReason.values().stream().mapToInt(Integer::intValue).sum(), byReason);
    }

    /** The filter's result as NDJSON, a dead letter a line, with its receipt's raw body. */
    @GetMapping("/ops/dead-letters/export")
    public ResponseEntity<StreamingResponseBody> exportDeadLetters(
            @RequestParam(defaultValue = "open") @OneOf(value = DeadLetterStore.Status.class, also = "all")
                    String status,
            @ParameterObject DeadLetterQuery query) {
        DeadLetterFilter filter = filter(query, status);
        return ResponseEntity.ok()
                .contentType(NDJSON)
                .header("Content-Disposition", "attachment; filename=\"dead-letters.ndjson\"")
                .body(out -> export.write(filter, out));
    }

    @PostMapping("/ops/dead-letters/{id}/replay")
    @Refuses(status = 404, error = "unknown_dead_letter")
    @Refuses(status = 409, error = "dead_letter_not_open")
    public ResponseEntity<DeadLetterAnswers.DeadLetterClosed> replayDeadLetter(
            @PathVariable UUID id, HttpServletRequest request) {
        return answer(id, replayer.replay(id, Actor.of(request)), 202, DeadLetterStore.Status.REPLAYED);
    }

    @DeleteMapping("/ops/dead-letters/{id}")
    @Refuses(status = 404, error = "unknown_dead_letter")
    @Refuses(status = 409, error = "dead_letter_not_open")
    public ResponseEntity<DeadLetterAnswers.DeadLetterClosed> discardDeadLetter(
            @PathVariable UUID id, HttpServletRequest request) {
        return answer(id, replayer.discard(id, Actor.of(request)), 200, DeadLetterStore.Status.DISCARDED);
    }

    /** Every open dead letter the body's filter names goes back through processing. */
    @PostMapping("/ops/dead-letters/replay")
    public ResponseEntity<DeadLetterAnswers.DeadLetterBatch> replayDeadLetters(
            @RequestBody DeadLetterQuery body, HttpServletRequest request) {
        return batch(replayer.replayAll(body.filter(DeadLetterStore.Status.OPEN), Actor.of(request)));
    }

    /** Every open dead letter the body's filter names is closed; the receipts keep the evidence. */
    @PostMapping("/ops/dead-letters/discard")
    public ResponseEntity<DeadLetterAnswers.DeadLetterBatch> discardDeadLetters(
            @RequestBody DeadLetterQuery body, HttpServletRequest request) {
        return batch(replayer.discardAll(body.filter(DeadLetterStore.Status.OPEN), Actor.of(request)));
    }

    private static DeadLetterFilter filter(DeadLetterQuery query, String status) {
        return query.filter(Inputs.status(status, DeadLetterStore.Status.class));
    }

    private static ResponseEntity<DeadLetterAnswers.DeadLetterBatch> batch(Replayer.Batch batch) {
        return ResponseEntity.status(202).body(new DeadLetterAnswers.DeadLetterBatch(batch.id(), batch.count()));
    }

    private static ResponseEntity<DeadLetterAnswers.DeadLetterClosed> answer(
            UUID id, Replayer.Result result, int status, DeadLetterStore.Status done) {
        return switch (result) {
            case DONE -> ResponseEntity.status(status).body(new DeadLetterAnswers.DeadLetterClosed(id, done));
            case UNKNOWN -> throw Refusal.unknown("unknown_dead_letter");
            case NOT_OPEN -> throw Refusal.conflict("dead_letter_not_open");
        };
    }
}
