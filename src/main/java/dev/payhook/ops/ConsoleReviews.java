package dev.payhook.ops;

import dev.payhook.refund.RefundRequests;
import dev.payhook.store.ReviewStore;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Open reviews on the console, each resolved with a note of what was done about it; a double
 * payment's offers its refund, after a confirmation page.
 */
@Controller
public class ConsoleReviews {

    private static final String LIST = "redirect:/ops/console/reviews";

    private final ReviewStore reviews;
    private final ReviewsController resolver;
    private final RefundRequests refunds;

    public ConsoleReviews(ReviewStore reviews, ReviewsController resolver, RefundRequests refunds) {
        this.reviews = reviews;
        this.resolver = resolver;
        this.refunds = refunds;
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
        return LIST;
    }

    @GetMapping("/ops/console/reviews/{id}/refund")
    public String confirmRefund(@PathVariable long id, Model model) {
        model.addAttribute("offer", refunds.offer(id).orElse(null));
        return "ops/refund-confirm";
    }

    @PostMapping("/ops/console/reviews/{id}/refund")
    public String refund(@PathVariable long id, HttpServletRequest request, RedirectAttributes flash) {
        RefundRequests.Outcome outcome = refunds.forReview(id, null, Actor.of(request));
        String message;
        if (outcome instanceof RefundRequests.Created c) {
            message = "Refund " + c.request().id() + " requested: "
                    + c.request().amountMinor() + " "
                    + c.request().currency() + " of " + c.request().provider() + " payment "
                    + c.request().providerPaymentId() + ". The review resolves itself when the provider confirms it.";
        } else if (outcome instanceof RefundRequests.Existing e) {
            message = "Refund " + e.request().id() + " was already requested; it is "
                    + e.request().status().wireName() + ".";
        } else if (outcome instanceof RefundRequests.Unsupported u) {
            message = "Payhook cannot refund this: " + u.reason();
        } else if (outcome instanceof RefundRequests.Conflict c) {
            message = "Not refunded: " + c.detail() + ".";
        } else {
            message = "No such review.";
        }
        flash.addFlashAttribute("message", message);
        return LIST;
    }
}
