package dev.payhook.web;

import jakarta.servlet.http.HttpServletResponse;

/**
 * What every answer of the management listener says about itself: never framed (clickjacking the
 * console's replay and discard buttons), never cached (dead letters, receipts and tokens stay off
 * disks and proxies), no script at all (the console has none), no type sniffing, no Referer.
 */
final class ManagementHeaders {

    static final String POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'";

    private ManagementHeaders() {}

    static void set(HttpServletResponse response) {
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Content-Security-Policy", POLICY);
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
    }
}
