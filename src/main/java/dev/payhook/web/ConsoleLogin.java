package dev.payhook.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The console's login: the ops token typed into a form (never in a URL), exchanged for a session
 * cookie; the name given is the actor the session's actions are recorded under.
 */
@Controller
public class ConsoleLogin {

    private static final Logger log = LoggerFactory.getLogger(ConsoleLogin.class);
    private final OpsTokens tokens;
    private final AuthFailures failures;

    public ConsoleLogin(OpsTokens tokens, AuthFailures failures) {
        this.tokens = tokens;
        this.failures = failures;
    }

    @GetMapping(AccessFilter.LOGIN)
    public String form(Model model) {
        model.addAttribute("configured", tokens.configured());
        return "ops/login";
    }

    @PostMapping(AccessFilter.LOGIN)
    public String login(
            @RequestParam(defaultValue = "") String name,
            HttpServletRequest request,
            HttpServletResponse response,
            Model model) {
        OpsTokens.Holder holder =
                tokens.match(ConsoleSession.formField(request, "token")).orElse(null);
        if (holder == null) {
            failures.failed(request);
            log.warn("Console login refused from {}: not the ops token", request.getRemoteAddr());
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            model.addAttribute("configured", tokens.configured());
            model.addAttribute("refused", true);
            return "ops/login";
        }
        ConsoleSession.login(request, name, holder);
        log.info("Console login of {} from {}", ConsoleSession.principal(request), request.getRemoteAddr());
        return "redirect:/ops/";
    }

    @PostMapping(AccessFilter.LOGOUT)
    public String logout(HttpServletRequest request) {
        ConsoleSession.logout(request);
        return "redirect:" + AccessFilter.LOGIN;
    }
}
