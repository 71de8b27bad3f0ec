package dev.payhook.web;

import dev.payhook.config.PayhookProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 413 before a body over its limit is held in memory: {@code payhook.ingress.max-body} for
 * webhooks, {@code payhook.ops.max-body} for everything else. A declared length is refused at once,
 * a chunked body once it has grown past the limit. Runs after {@link AccessFilter}, so the body of
 * a request without the token is never read.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class BodyLimitFilter extends OncePerRequestFilter {

    private final int webhookMaxBody;
    private final int opsMaxBody;

    public BodyLimitFilter(PayhookProperties properties) {
        this.webhookMaxBody = bytes(properties.getIngress().getMaxBody());
        this.opsMaxBody = bytes(properties.getOps().getMaxBody());
    }

    private static int bytes(DataSize size) {
        return (int) Math.min(Integer.MAX_VALUE - 1, size.toBytes());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        int maxBody = RawPath.isWebhook(request) ? webhookMaxBody : opsMaxBody;
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
