package dev.payhook.ops;

import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ReviewStore;
import dev.payhook.store.ReviewStore.ReviewView;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The manual review queue: what Payhook recorded but left to a person (mismatches, double payments, contradictions). */
@RestController
public class ReviewsController {

    public record Resolution(String note) {}

    private final ReviewStore reviews;
    private final OpsActionStore actions;

    public ReviewsController(ReviewStore reviews, OpsActionStore actions) {
        this.reviews = reviews;
        this.actions = actions;
    }

    /** Open ones by default; {@code status=all} for every one. */
    @GetMapping("/ops/reviews")
    public List<ReviewView> listReviews(
            @RequestParam(defaultValue = "open") @OneOf(value = ReviewStore.Status.class, also = "all") String status,
            @RequestParam(defaultValue = "100") int limit) {
        return reviews.list(Inputs.status(status, ReviewStore.Status.class), Inputs.limit(limit));
    }

    /** Closes the review; what was done about it is the caller's note. Payhook changes nothing else. */
    @PostMapping("/ops/reviews/{id}/resolve")
    @Transactional
    @Refuses(status = 404, error = "unknown_review")
    @Refuses(status = 409, error = "review_not_open")
    public ReviewView resolveReview(
            @PathVariable long id, @RequestBody(required = false) Resolution body, HttpServletRequest request) {
        return switch (resolve(id, body == null ? null : body.note(), Actor.of(request))) {
            case DONE -> reviews.find(id).orElseThrow();
            case UNKNOWN -> throw Refusal.unknown("unknown_review");
            case NOT_OPEN -> throw Refusal.conflict("review_not_open");
        };
    }

    public enum Resolved {
        DONE,
        UNKNOWN,
        NOT_OPEN
    }

    /** Closes the review with {@code note} and records who did; the console resolves through this too. */
    @Transactional
    public Resolved resolve(long id, String note, String actor) {
        String checked = Inputs.text(note, "note", 2000);
        if (!reviews.resolve(id, actor, checked)) {
            return reviews.find(id).isEmpty() ? Resolved.UNKNOWN : Resolved.NOT_OPEN;
        }
        actions.record(actor, "resolve_review", "review " + id, null, checked);
        return Resolved.DONE;
    }
}
