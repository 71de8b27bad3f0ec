package dev.payhook.web;

import dev.payhook.config.OpsRole;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
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
 * authenticated request carries its token holder's principal, which the audit trail and the health
 * endpoint's details rely on, and gets through only with the {@link OpsRole} its method and path need
 * (403 {@code forbidden} naming the role otherwise).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class AccessFilter extends OncePerRequestFilter {

    /** The public listener's paths, open without the token, matched against the whole raw path. */
    static final Pattern PUBLIC =
            Pattern.compile("/webhooks/[A-Za-z0-9_-]{1,64}|/returns/[A-Za-z0-9_-]{1,64}(/[a-z]{1,32})?");

    /** The management listener's paths open without the token. */
    static final Pattern OPEN = Pattern.compile("/actuator/health(/liveness|/readiness)?");

    /**
     * Path parameters, encoded dots, slashes, backslashes or percent signs, NUL, dot segments, empty
     * segments, and any other encoded unreserved character but {@code ~} (a letter, digit, {@code -},
     * {@code _}: RFC 3986 says never to encode them, so {@code /%6fps} is only ever a disguise; Java's
     * URLEncoder does encode {@code ~}, so an id holding one may arrive as {@code %7E}).
     */
    private static final Pattern AMBIGUOUS = Pattern.compile(";|%2[eEfF]|%5[cC]|%25|%00|\\\\|//|(^|/)\\.{1,2}(/|$)"
            + "|%3[0-9]|%4[1-9a-fA-F]|%5[0-9aA]|%6[1-9a-fA-F]|%7[0-9aA]|%2[dD]|%5[fF]");

    /** The console's login form, open so that a browser can get a session. */
    static final String LOGIN = "/ops/login";

    static final String LOGOUT = "/ops/logout";

    /** The console's pages, which send a browser without a session to the login form rather than a 401. */
    private static final Pattern CONSOLE_PAGE = Pattern.compile("/ops/?|/ops/console(/.*)?");

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    /** The API's and the console's calls that create a refund request. */
    private static final Pattern REFUNDING = Pattern.compile("/ops/refunds/?|/ops/(console/)?reviews/[^/]+/refund");

    /** One order of the merchant API, which {@link OpsRole#ORDERS} may register and read. */
    private static final Pattern ORDER = Pattern.compile("/api/orders/[^/]+");

    /** The request attribute holding the roles of who is asking, by their wire names, for the console's pages. */
    static final String ROLES_ATTRIBUTE = "roles";

    private final OpsTokens tokens;
    private final Listeners listeners;

    private final AuthFailures failures;

    public AccessFilter(OpsTokens tokens, Listeners listeners, AuthFailures failures) {
        this.tokens = tokens;
        this.listeners = listeners;
        this.failures = failures;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = RawPath.of(request);
        boolean publicPath = PUBLIC.matcher(path).matches();
        boolean management = listeners.isManagement(request);
        if (management) {
            ManagementHeaders.set(response, path);
        }
        if (publicPath == management) {
            Answers.error(response, HttpServletResponse.SC_NOT_FOUND, "not_found");
            return;
        }
        String authorization = publicPath ? null : request.getHeader("Authorization");
        boolean login = path.equals(LOGIN) && "POST".equals(request.getMethod());
        if (authorization != null || login) {
            long wait = failures.retryAfter(request);
            if (wait > 0) {
                response.setHeader("Retry-After", String.valueOf(wait));
                Answers.error(response, 429, "too_many_failed_authentications");
                return;
            }
        }
        OpsTokens.Holder bearer = tokens.bearer(authorization).orElse(null);
        if (authorization != null && bearer == null) {
            failures.failed(request);
        }
        if (publicPath || OPEN.matcher(path).matches()) {
            chain.doFilter(bearer != null ? new Authenticated(request, bearer.principal()) : request, response);
            return;
        }
        if (AMBIGUOUS.matcher(path).find()) {
            if (bearer != null || ConsoleSession.principal(request) != null) {
                Answers.error(response, HttpServletResponse.SC_BAD_REQUEST, "ambiguous_path");
            } else {
                refuse(response);
            }
            return;
        }
        if (bearer != null) {
            permitted(request, response, chain, path, bearer.principal(), bearer.roles());
        } else if (path.equals(LOGIN)) {
            chain.doFilter(request, response);
        } else if (ConsoleSession.principal(request) != null && path.startsWith("/ops/")) {
            throughSession(request, response, chain, path);
        } else if (CONSOLE_PAGE.matcher(path).matches() && SAFE_METHODS.contains(request.getMethod())) {
            response.setStatus(HttpServletResponse.SC_SEE_OTHER);
            response.setHeader("Location", LOGIN);
        } else {
            refuse(response);
        }
    }

    /** A console session may reach /ops/**; what changes anything must send the session's CSRF token back. */
    private static void throughSession(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain, String path)
            throws ServletException, IOException {
        if (!SAFE_METHODS.contains(request.getMethod()) && !ConsoleSession.carriesCsrf(request)) {
            Answers.error(response, HttpServletResponse.SC_FORBIDDEN, "invalid_csrf_token");
            return;
        }
        request.setAttribute(ConsoleSession.CSRF_ATTRIBUTE, ConsoleSession.csrf(request));
        permitted(request, response, chain, path, ConsoleSession.principal(request), ConsoleSession.roles(request));
    }

    /** Through to the handler as {@code who}, when {@code roles} hold the one the request needs. */
    private static void permitted(
            HttpServletRequest request,
            HttpServletResponse response,
            FilterChain chain,
            String path,
            String who,
            Set<OpsRole> roles)
            throws ServletException, IOException {
        OpsRole needed = required(request.getMethod(), path);
        if (needed != null && !roles.contains(needed) && !ordersOnly(request.getMethod(), path, roles)) {
            Answers.forbidden(response, needed.wireName());
            return;
        }
        request.setAttribute(
                ROLES_ATTRIBUTE, roles.stream().map(OpsRole::wireName).collect(Collectors.toUnmodifiableSet()));
        chain.doFilter(new Authenticated(request, who), response);
    }

    /** The role a request needs, read on its raw path; null for logging out, which anyone logged in may. */
    static OpsRole required(String method, String path) {
        if (SAFE_METHODS.contains(method)) {
            return OpsRole.READ;
        }
        if (path.equals(LOGOUT)) {
            return null;
        }
        return REFUNDING.matcher(path).matches() ? OpsRole.REFUND : OpsRole.OPERATE;
    }

    /** What the {@link OpsRole#ORDERS} role covers besides: registering an order and reading it back. */
    private static boolean ordersOnly(String method, String path, Set<OpsRole> roles) {
        return roles.contains(OpsRole.ORDERS) && ordersMay(method, path);
    }

    /** Whether {@link OpsRole#ORDERS} may make this request as well as the role it needs. */
    static boolean ordersMay(String method, String path) {
        return (method.equals("PUT") || method.equals("GET"))
                && ORDER.matcher(path).matches();
    }

    private void refuse(HttpServletResponse response) throws IOException {
        response.setHeader("WWW-Authenticate", "Bearer");
        Answers.error(
                response,
                HttpServletResponse.SC_UNAUTHORIZED,
                tokens.configured() ? "invalid_or_missing_bearer_token" : "ops_token_not_configured");
    }

    private static final class Authenticated extends HttpServletRequestWrapper {
        private final Principal principal;

        Authenticated(HttpServletRequest request, String who) {
            super(request);
            this.principal = () -> who;
        }

        @Override
        public Principal getUserPrincipal() {
            return principal;
        }

        @Override
        public boolean isUserInRole(String role) {
            return false;
        }
    }
}
