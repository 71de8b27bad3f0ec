package dev.payhook.web;

import dev.payhook.config.OpsProperties;
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
 * Answers 413 on the management listener before a body over {@code payhook.ops.max-body} is held
 * in memory: a declared length is refused at once, a chunked body once it has grown past the
 * limit. Runs after {@link AccessFilter}, so the body of a request without the token is never read.
 * The public listener's bodies are {@link BodyReader}'s.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class BodyLimitFilter extends OncePerRequestFilter {

    private final Listeners listeners;
    private final int maxBody;

    public BodyLimitFilter(Listeners listeners, OpsProperties ops) {
        this.listeners = listeners;
        this.maxBody = (int) Math.min(Integer.MAX_VALUE - 1, ops.getMaxBody().toBytes());
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !listeners.isManagement(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long declared = request.getContentLengthLong();
        if (declared > maxBody) {
            tooLarge(response);
            return;
        }
        if (declared >= 0 || request.getHeader("Transfer-Encoding") == null) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = request.getInputStream().readNBytes(maxBody + 1);
        if (body.length > maxBody) {
            tooLarge(response);
            return;
        }
        chain.doFilter(new BufferedRequest(request, body), response);
    }

    private static void tooLarge(HttpServletResponse response) throws IOException {
        response.setHeader("Connection", "close");
        Answers.error(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "body_too_large");
    }
}
