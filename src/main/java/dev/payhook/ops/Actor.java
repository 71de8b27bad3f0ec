package dev.payhook.ops;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;

/**
 * Who did an ops action, for the audit trail: the authenticated principal (the shared token), named
 * more precisely by the caller's {@code X-Payhook-Actor}, and always the source address.
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
        String who = named == null || named.isBlank()
                ? principal.getName()
                : named.strip().replaceAll("[^\\p{Alnum}@._ -]", "_");
        if (who.length() > 100) {
            who = who.substring(0, 100);
        }
        return who + " from " + request.getRemoteAddr();
    }
}
