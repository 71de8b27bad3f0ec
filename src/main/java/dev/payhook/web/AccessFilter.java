package dev.payhook.web;

import dev.payhook.config.PayhookProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Principal;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Deny by default, per listener ({@link Listeners}). The public listener serves the provider and
 * payer endpoints and nothing else: any other path is a bare 404, so the port exposed to the
 * internet does not even tell that ops exist. The management listener serves everything else; only
 * the health endpoint is open there, every other path needs the ops bearer token. The decision is
 * taken on the raw request URI, before the container or Spring MVC strips path parameters, decodes
 * or normalises it, so that no other spelling of a protected path ({@code /ops;/x}, {@code
 * /%6fps/x}, {@code /x/../ops/x}) reaches its handler without the token. With the token, a path
 * whose spelling routes differently from how it reads is refused rather than routed. An
 * authenticated request carries the {@link #PRINCIPAL}, which the audit trail and the health
 * endpoint's details rely on.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class AccessFilter extends OncePerRequestFilter {

    /** The public listener's paths, open without the token, matched against the whole raw path. */
    static final Pattern PUBLIC =
            Pattern.compile("/webhooks/[A-Za-z0-9_-]{1,64}|/returns/[A-Za-z0-9_-]{1,64}(/[a-z]{1,32})?");

    /** The management listener's paths open without the token. */
    static final Pattern OPEN = Pattern.compile("/actuator/health(/liveness|/readiness)?");

    /** Path parameters, encoded dots, slashes, backslashes or percent signs, NUL, dot segments, empty segments. */
    private static final Pattern AMBIGUOUS = Pattern.compile(";|%2[eEfF]|%5[cC]|%25|%00|\\\\|//|(^|/)\\.{1,2}(/|$)");

    /** Who an authenticated request is: the holder of the shared ops token. */
    public static final Principal PRINCIPAL = () -> "ops-token";

    private static final Logger log = LoggerFactory.getLogger(AccessFilter.class);
    private final byte[] token;
    private final Listeners listeners;

    public AccessFilter(PayhookProperties properties, Listeners listeners) {
        this.listeners = listeners;
        String configured = properties.getOps().getToken();
        this.token = configured.isBlank() ? null : configured.getBytes(StandardCharsets.UTF_8);
        if (token == null) {
            log.warn("payhook.ops.token is not set (PAYHOOK_OPS_TOKEN): everything but /webhooks and "
                    + "/actuator/health refuses every request");
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = RawPath.of(request);
        boolean publicPath = PUBLIC.matcher(path).matches();
        if (publicPath == listeners.isManagement(request)) {
            Answers.error(response, HttpServletResponse.SC_NOT_FOUND, "not_found");
            return;
        }
        boolean authenticated = token != null && carriesToken(request.getHeader("Authorization"));
        if (publicPath || OPEN.matcher(path).matches()) {
            chain.doFilter(authenticated ? new Authenticated(request) : request, response);
        } else if (!authenticated) {
            refuse(response, token == null ? "ops_token_not_configured" : "invalid_or_missing_bearer_token");
        } else if (AMBIGUOUS.matcher(path).find()) {
            Answers.error(response, HttpServletResponse.SC_BAD_REQUEST, "ambiguous_path");
        } else {
            chain.doFilter(new Authenticated(request), response);
        }
    }

    private boolean carriesToken(String header) {
        return header != null
                && header.regionMatches(true, 0, "Bearer ", 0, 7)
                && MessageDigest.isEqual(token, header.substring(7).trim().getBytes(StandardCharsets.UTF_8));
    }

    private static void refuse(HttpServletResponse response, String reason) throws IOException {
        response.setHeader("WWW-Authenticate", "Bearer");
        Answers.error(response, HttpServletResponse.SC_UNAUTHORIZED, reason);
    }

    private static final class Authenticated extends HttpServletRequestWrapper {
        Authenticated(HttpServletRequest request) {
            super(request);
        }

        @Override
        public Principal getUserPrincipal() {
            return PRINCIPAL;
        }

        @Override
        public boolean isUserInRole(String role) {
            return false;
        }
    }
}
