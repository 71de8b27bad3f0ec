package dev.payhook.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Camel's HTTP binding decodes a form-encoded webhook body into headers before the route runs, and
 * answers a broken percent escape with a bare 500. Such a body is refused
 * here instead: 400 with a reason, and the route only ever sees bodies the binding can read.
 * Runs after {@link BodyReader}, in the dispatch that hands the body on, so the body is in memory
 * and within its limit.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 3)
public class FormBodyCheck extends OncePerRequestFilter {

    private final EdgeRefusals refusals;

    public FormBodyCheck(EdgeRefusals refusals) {
        this.refusals = refusals;
    }

    private static final String FORM = "application/x-www-form-urlencoded";

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String type = request.getContentType();
        return type == null || !type.startsWith(FORM) || !RawPath.isWebhook(request);
    }

    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        if (!wellEscaped(body)) {
            refusals.refused(EdgeRefusals.provider(request), request, "malformed_form_body", body);
            Answers.error(response, HttpServletResponse.SC_BAD_REQUEST, "malformed_form_body");
            return;
        }
        chain.doFilter(new BufferedRequest(request, body), response);
    }

    /** Every {@code %} starts an escape of two hex digits. */
    private static boolean wellEscaped(byte[] body) {
        for (int i = 0; i < body.length; i++) {
            if (body[i] == '%' && (i + 2 >= body.length || !hex(body[i + 1]) || !hex(body[i + 2]))) {
                return false;
            }
        }
        return true;
    }

    private static boolean hex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
    }
}
