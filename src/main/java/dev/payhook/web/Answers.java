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

    /** 403: the caller's token is good but lacks {@code role}, named so that ops know which token to ask for. */
    static void forbidden(HttpServletResponse response, String role) throws IOException {
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        response.setContentType("application/json");
        response.getWriter()
                .write("{\"error\":\"forbidden\",\"role\":\"" + role + "\",\"message\":\"this token lacks the " + role
                        + " role\"}");
    }
}
