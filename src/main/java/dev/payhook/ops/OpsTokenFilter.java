package dev.payhook.ops;

import dev.payhook.config.PayhookProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bearer token for everything under /api and /ops, checked before any routing, so an unknown path
 * there answers 401, not 404. Without a configured token those endpoints refuse every request.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class OpsTokenFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(OpsTokenFilter.class);
    private final byte[] token;

    public OpsTokenFilter(PayhookProperties properties) {
        String configured = properties.getOps().getToken();
        this.token = configured.isBlank() ? null : configured.getBytes(StandardCharsets.UTF_8);
        if (token == null) {
            log.warn("payhook.ops.token is not set (PAYHOOK_OPS_TOKEN): /api and /ops refuse every request");
        }
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !(path.equals("/api") || path.startsWith("/api/") || path.equals("/ops") || path.startsWith("/ops/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (token == null) {
            refuse(response, "ops_token_not_configured");
            return;
        }
        String header = request.getHeader("Authorization");
        if (header == null || !header.startsWith("Bearer ")
                || !MessageDigest.isEqual(token, header.substring(7).trim().getBytes(StandardCharsets.UTF_8))) {
            refuse(response, "invalid_or_missing_bearer_token");
            return;
        }
        chain.doFilter(request, response);
    }

    private static void refuse(HttpServletResponse response, String reason) throws IOException {
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader("WWW-Authenticate", "Bearer");
        response.setContentType("application/json");
        response.getWriter().write("{\"error\":\"" + reason + "\"}");
    }
}
