package dev.payhook.ops;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Who did an ops action, for the audit trail. The bearer token is shared, so the caller may name
 * itself in {@code X-Payhook-Actor}; the source address is always recorded with it.
 */
final class Actor {

    static final String HEADER = "X-Payhook-Actor";

    private Actor() {
    }

    static String of(HttpServletRequest request) {
        String named = request.getHeader(HEADER);
        String who = named == null || named.isBlank() ? "ops-token"
                : named.strip().replaceAll("[^\\p{Alnum}@._ -]", "_");
        if (who.length() > 100) {
            who = who.substring(0, 100);
        }
        return who + " from " + request.getRemoteAddr();
    }
}
