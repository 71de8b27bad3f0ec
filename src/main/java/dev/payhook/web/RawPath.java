package dev.payhook.web;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The request path as the client sent it, before the container or Spring MVC strips path
 * parameters, decodes or normalises it: what every filter here decides on.
 */
final class RawPath {

    static final String WEBHOOKS = "/webhooks/";

    private RawPath() {}

    static String of(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length());
    }

    static boolean isWebhook(HttpServletRequest request) {
        return of(request).startsWith(WEBHOOKS);
    }
}
