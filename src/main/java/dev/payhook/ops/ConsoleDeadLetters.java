package dev.payhook.ops;

import dev.payhook.payment.DeadLetterReason;
import dev.payhook.payment.WireName;
import dev.payhook.processing.Replayer;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.store.DeadLetterFilter;
import dev.payhook.store.DeadLetterStore;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Dead letters on the console: filtered, counted by reason, a page at a time; each one, or a
 * filter's whole result, replayed or discarded after a confirmation page.
 */
@Controller
public class ConsoleDeadLetters {

    private static final String LIST = "redirect:/ops/console/dead-letters";
    static final int PAGE = 100;

    private final DeadLetterStore deadLetters;
    private final Replayer replayer;
    private final ProviderRegistry providers;
    private final Clock clock;

    public ConsoleDeadLetters(DeadLetterStore deadLetters, Replayer replayer, ProviderRegistry providers, Clock clock) {
        this.deadLetters = deadLetters;
        this.replayer = replayer;
        this.providers = providers;
        this.clock = clock;
    }

    @GetMapping("/ops/console/dead-letters")
    public String list(DeadLetterQuery query, @RequestParam(required = false) UUID after, Model model) {
        DeadLetterFilter filter = query.filter(DeadLetterStore.Status.OPEN);
        List<DeadLetterStore.DeadLetterView> rows = deadLetters.list(filter, after, PAGE + 1);
        List<DeadLetterStore.DeadLetterView> page = rows.subList(0, Math.min(PAGE, rows.size()));
        Map<String, Integer> counts = deadLetters.countByReason(filter);
        model.addAttribute("deadLetters", Ages.of(page, DeadLetterStore.DeadLetterView::createdAt, clock));
        model.addAttribute("next", rows.size() > PAGE ? page.get(PAGE - 1).id() : null);
        model.addAttribute("counts", counts);
        model.addAttribute(
                "total", counts.values().stream().mapToInt(Integer::intValue).sum());
        filterForm(query, model);
        return "ops/dead-letters";
    }

    /** The confirmation page of {@code action} (replay or discard): nothing changes before its form is sent. */
    @GetMapping("/ops/console/dead-letters/{id}")
    public String confirm(@PathVariable UUID id, @RequestParam String action, Model model) {
        model.addAttribute("deadLetter", deadLetters.open(id).orElse(null));
        model.addAttribute("action", action(action));
        return "ops/confirm";
    }

    /** The confirmation of a bulk action: the filter and how many open dead letters it names now. */
    @GetMapping("/ops/console/dead-letters/bulk")
    public String confirmBulk(DeadLetterQuery query, @RequestParam String action, Model model) {
        Map<String, Integer> counts = deadLetters.countByReason(query.filter(DeadLetterStore.Status.OPEN));
        model.addAttribute("action", action(action));
        model.addAttribute("counts", counts);
        model.addAttribute(
                "total", counts.values().stream().mapToInt(Integer::intValue).sum());
        filterForm(query, model);
        return "ops/confirm-bulk";
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

    // literal paths: "/{action}" would tie with "/{id}/replay" and lose to it
    @PostMapping("/ops/console/dead-letters/bulk/replay")
    public String replayAll(DeadLetterQuery query, HttpServletRequest request, RedirectAttributes flash) {
        return bulk(true, query, request, flash);
    }

    @PostMapping("/ops/console/dead-letters/bulk/discard")
    public String discardAll(DeadLetterQuery query, HttpServletRequest request, RedirectAttributes flash) {
        return bulk(false, query, request, flash);
    }

    /** Replays or discards every open dead letter the form's filter names now. */
    private String bulk(boolean replay, DeadLetterQuery query, HttpServletRequest request, RedirectAttributes flash) {
        DeadLetterFilter filter = query.filter(DeadLetterStore.Status.OPEN);
        Replayer.Batch batch =
                replay ? replayer.replayAll(filter, Actor.of(request)) : replayer.discardAll(filter, Actor.of(request));
        flash.addFlashAttribute(
                "message",
                (replay ? "Replayed " : "Discarded ") + batch.count() + " dead letters (batch " + batch.id()
                        + (replay ? "): they go back through processing." : "); their receipts keep the evidence."));
        return LIST;
    }

    private void filterForm(DeadLetterQuery query, Model model) {
        model.addAttribute("query", query);
        model.addAttribute("filterQuery", query.query());
        model.addAttribute(
                "reasons",
                Stream.of(DeadLetterReason.values()).map(WireName::wireName).toList());
        model.addAttribute("providers", providers.enabled().keySet());
    }

    private static String action(String action) {
        if (!action.equals("replay") && !action.equals("discard")) {
            throw new InvalidInput("action must be replay or discard");
        }
        return action;
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
