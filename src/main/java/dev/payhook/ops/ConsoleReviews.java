package dev.payhook.ops;

import dev.payhook.store.ReviewStore;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Open reviews on the console, each resolved with a note of what was done about it. */
@Controller
public class ConsoleReviews {

    private final ReviewStore reviews;
    private final ReviewsController resolver;

    public ConsoleReviews(ReviewStore reviews, ReviewsController resolver) {
        this.reviews = reviews;
        this.resolver = resolver;
    }

    @GetMapping("/ops/console/reviews")
    public String list(Model model) {
        model.addAttribute("reviews", reviews.list(ReviewStore.Status.OPEN, 500));
        return "ops/reviews";
    }

    @PostMapping("/ops/console/reviews/{id}/resolve")
    public String resolve(
            @PathVariable long id,
            @RequestParam(defaultValue = "") String note,
            HttpServletRequest request,
            RedirectAttributes flash) {
        flash.addFlashAttribute(
                "message",
                switch (resolver.resolve(id, note.isBlank() ? null : note, Actor.of(request))) {
                    case DONE -> "Resolved review " + id + ".";
                    case UNKNOWN -> "No such review.";
                    case NOT_OPEN -> "Review " + id + " was already resolved.";
                });
        return "redirect:/ops/console/reviews";
    }
}
