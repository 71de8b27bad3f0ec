package dev.payhook.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Told of a webhook this package's filters refused before any route saw it (a body too large, too
 * slow, or not form-encoded as it claims), so that it is counted and kept like every other refusal.
 */
public interface EdgeRefusals {

    /** {@code provider} is the path's, as the client wrote it; {@code body} what was read of it. */
    void refused(String provider, HttpServletRequest request, String reason, byte[] body);

    /** The provider a {@code /webhooks/{provider}} request names, or null for any other path. */
    static String provider(HttpServletRequest request) {
        String path = RawPath.of(request);
        if (!path.startsWith(RawPath.WEBHOOKS)) {
            return null;
        }
        String rest = path.substring(RawPath.WEBHOOKS.length());
        return rest.isEmpty() || rest.contains("/") ? null : rest;
    }
}
