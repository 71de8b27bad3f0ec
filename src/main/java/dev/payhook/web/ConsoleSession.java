package dev.payhook.web;

import dev.payhook.config.OpsRole;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;

/**
 * The ops console's login session: the servlet session (an HttpOnly, SameSite=Strict cookie, never
 * the URL; server.servlet.session.* in config/application.yml) holds who logged in with the ops
 * token and a CSRF token that every action of the session must send back.
 */
final class ConsoleSession {

    /** The form field (or header {@link #CSRF_HEADER}) that carries the session's CSRF token. */
    static final String CSRF_PARAM = "_csrf";

    static final String CSRF_HEADER = "X-CSRF-Token";

    /** The request attribute the pages read the CSRF token from. */
    static final String CSRF_ATTRIBUTE = "csrf";

    private static final String PRINCIPAL = "payhook.console.principal";
    private static final String CSRF = "payhook.console.csrf";
    private static final String ROLES = "payhook.console.roles";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ConsoleSession() {}

    /** Who is logged in on this request's session ({@code console:<name>}); null when nobody is. */
    static String principal(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session == null ? null : (String) session.getAttribute(PRINCIPAL);
    }

    /** What the session's token may do; none without a session. */
    @SuppressWarnings("unchecked")
    static Set<OpsRole> roles(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        Object roles = session == null ? null : session.getAttribute(ROLES);
        return roles == null ? Set.of() : (Set<OpsRole>) roles;
    }

    /**
     * A new session (never the one the browser came with: no fixation) for {@code name}, who logged
     * in with the token of {@code holder}: its actions are recorded under both names.
     */
    static void login(HttpServletRequest request, String name, OpsTokens.Holder holder) {
        logout(request);
        HttpSession session = request.getSession(true);
        String who = name == null || name.isBlank() ? "" : name.strip().replaceAll("[^\\p{Alnum}@._ -]", "_");
        String console = "console" + (who.isEmpty() ? "" : ":" + who.substring(0, Math.min(64, who.length())));
        boolean single = OpsTokens.SINGLE.equals(holder.name());
        session.setAttribute(PRINCIPAL, single ? console : console + " via " + holder.principal());
        session.setAttribute(ROLES, EnumSet.copyOf(holder.roles()));
        byte[] csrf = new byte[32];
        RANDOM.nextBytes(csrf);
        session.setAttribute(CSRF, Base64.getUrlEncoder().withoutPadding().encodeToString(csrf));
    }

    static void logout(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
    }

    /**
     * A field of the request's form body, never one its URL carries: a URL is logged, kept in the
     * browser's history and sent on as a Referer, so a secret there counts as not sent (the servlet
     * API merges the two, hence the look at the query).
     */
    static String formField(HttpServletRequest request, String name) {
        String query = request.getQueryString();
        if (query != null) {
            for (String pair : query.split("&", -1)) {
                if (queryKey(pair.split("=", 2)[0]).equals(name)) {
                    return null;
                }
            }
        }
        return request.getParameter(name);
    }

    private static String queryKey(String raw) {
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return raw;
        }
    }

    static String csrf(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        return session == null ? null : (String) session.getAttribute(CSRF);
    }

    /** Whether the request sends back its session's CSRF token, as a form field or a header. */
    static boolean carriesCsrf(HttpServletRequest request) {
        String expected = csrf(request);
        String sent = request.getHeader(CSRF_HEADER) != null
                ? request.getHeader(CSRF_HEADER)
                : formField(request, CSRF_PARAM);
        return expected != null
                && sent != null
                && MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8), sent.getBytes(StandardCharsets.UTF_8));
    }
}
