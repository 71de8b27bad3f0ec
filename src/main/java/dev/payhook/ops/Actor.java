package dev.payhook.ops;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;

/**
 * Who did an ops action, for the audit trail: the authenticated principal (the token, or the console
 * session and its token), the person the caller's {@code X-Payhook-Actor} names in front of it, and
 * always the source address.
 */
final class Actor {

    static final String HEADER = "X-Payhook-Actor";

    private Actor() {}

    /** Only an authenticated request has an actor: an action without one is a bug, never recorded. */
    static String of(HttpServletRequest request) {
        Principal principal = request.getUserPrincipal();
        if (principal == null) {
            throw new IllegalStateException("an ops action reached its handler without authentication");
        }
        String named = request.getHeader(HEADER);
        String who = principal.getName();
        if (named != null && !named.isBlank()) {
            String person = named.strip().replaceAll("[^\\p{Alnum}@._ -]", "_");
            who = person.substring(0, Math.min(64, person.length())) + " via " + who;
        }
        return who + " from " + request.getRemoteAddr();
    }
}
