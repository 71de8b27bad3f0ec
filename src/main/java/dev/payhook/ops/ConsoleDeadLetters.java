package dev.payhook.ops;

import dev.payhook.processing.Replayer;
import dev.payhook.store.DeadLetterStore;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Dead letters on the console: why each is there, how long it has waited; replay or discard after a confirmation. */
@Controller
public class ConsoleDeadLetters {

    private static final String LIST = "redirect:/ops/console/dead-letters";

    private final DeadLetterStore deadLetters;
    private final Replayer replayer;
    private final Clock clock;

    public ConsoleDeadLetters(DeadLetterStore deadLetters, Replayer replayer, Clock clock) {
        this.deadLetters = deadLetters;
        this.replayer = replayer;
        this.clock = clock;
    }

    @GetMapping("/ops/console/dead-letters")
    public String list(Model model) {
        model.addAttribute(
                "deadLetters", Ages.of(deadLetters.list(DeadLetterStore.Status.OPEN, 500), "created_at", clock));
        return "ops/dead-letters";
    }

    /** The confirmation page of {@code action} (replay or discard): nothing changes before its form is sent. */
    @GetMapping("/ops/console/dead-letters/{id}")
    public String confirm(@PathVariable UUID id, @RequestParam String action, Model model) {
        if (!action.equals("replay") && !action.equals("discard")) {
            throw new InvalidInput("action must be replay or discard");
        }
        model.addAttribute("deadLetter", deadLetters.open(id).orElse(null));
        model.addAttribute("action", action);
        return "ops/confirm";
    }

    @PostMapping("/ops/console/dead-letters/{id}/replay")
    public String replay(@PathVariable UUID id, HttpServletRequest request, RedirectAttributes flash) {
        return done(
                flash,
                replayer.replay(id, Actor.of(request)),
                "Replayed dead letter " + id + ": it goes back through processing.");
    }

    @PostMapping("/ops/console/dead-letters/{id}/discard")
    public String discard(@PathVariable UUID id, HttpServletRequest request, RedirectAttributes flash) {
        return done(
                flash,
                replayer.discard(id, Actor.of(request)),
                "Discarded dead letter " + id + "; its receipt keeps the evidence.");
    }

    private static String done(RedirectAttributes flash, Replayer.Result result, String message) {
        flash.addFlashAttribute(
                "message",
                switch (result) {
                    case DONE -> message;
                    case UNKNOWN -> "No such dead letter.";
                    case NOT_OPEN -> "That dead letter was already replayed or discarded.";
                });
        return LIST;
    }
}
