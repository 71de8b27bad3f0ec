package dev.payhook.web;

import jakarta.servlet.http.HttpServletResponse;

/**
 * What every answer of the management listener says about itself: never framed (clickjacking the
 * console's replay and discard buttons), never cached (dead letters, receipts and tokens stay off
 * disks and proxies), no script at all (the console has none), no type sniffing, no Referer. The
 * one exception is Swagger UI, which is script: its own files only, calling this listener only.
 */
final class ManagementHeaders {

    static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'";

    /** Where springdoc serves Swagger UI's files, under {@code springdoc.swagger-ui.path}'s folder. */
    static final String SWAGGER_UI = "/ops/console/swagger-ui/";

    static final String SWAGGER_UI_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private ManagementHeaders() {}

    static void set(HttpServletResponse response, String path) {
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Content-Security-Policy", path.startsWith(SWAGGER_UI) ? SWAGGER_UI_POLICY : POLICY);
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
    }
}
