package dev.payhook.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The JSON error answer the filters give before any handler runs: {@code {"error":"<reason>"}}. */
final class Answers {

    private Answers() {}

    /** {@code reason} is one of the filters' own fixed reason names, never request content. */
    static void error(HttpServletResponse response, int status, String reason) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.getWriter().write("{\"error\":\"" + reason + "\"}");
    }
}
