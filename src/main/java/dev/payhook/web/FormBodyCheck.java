package dev.payhook.web;

import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Camel's HTTP binding decodes a form-encoded webhook body into headers before the route runs, and
 * answers a body it cannot decode (a broken percent escape, a parameter without {@code =}) with a
 * bare 500 whose exception quotes the body. So a form body reaches the route only when its provider
 * takes forms and the binding can decode it: otherwise 415 {@code unsupported_content_type} (a
 * provider that takes JSON), or 400 {@code malformed_form_body}, kept and counted as refusals.
 * Runs after {@link BodyReader}, in the dispatch that hands the body on, so the body is in memory
 * and within its limit, and after {@link WebhookGate}, so the provider is known and enabled.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 3)
public class FormBodyCheck extends OncePerRequestFilter {

    private static final String FORM = "application/x-www-form-urlencoded";

    private final EdgeRefusals refusals;
    private final ProviderRegistry providers;

    public FormBodyCheck(EdgeRefusals refusals, ProviderRegistry providers) {
        this.refusals = refusals;
        this.providers = providers;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String type = request.getContentType();
        return type == null || !type.regionMatches(true, 0, FORM, 0, FORM.length()) || !RawPath.isWebhook(request);
    }

    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        String provider = EdgeRefusals.provider(request);
        Optional<Provider> p = provider == null ? Optional.empty() : providers.find(provider);
        if (p.isPresent() && !p.get().scheme().acceptsContentType(request.getContentType())) {
            refuse(
                    request,
                    response,
                    provider,
                    HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE,
                    "unsupported_content_type",
                    body);
            return;
        }
        if (!decodable(body)) {
            refuse(request, response, provider, HttpServletResponse.SC_BAD_REQUEST, "malformed_form_body", body);
            return;
        }
        chain.doFilter(new BufferedRequest(request, body), response);
    }

    private void refuse(
            HttpServletRequest request,
            HttpServletResponse response,
            String provider,
            int status,
            String reason,
            byte[] body)
            throws IOException {
        refusals.refused(provider, request, reason, body);
        Answers.error(response, status, reason);
    }

    /**
     * What the binding decodes without failing: every parameter between {@code &}s (but empty ones at
     * the end, which it never sees) has a {@code =}, and every {@code %} starts two hex digits.
     */
    static boolean decodable(byte[] body) {
        int end = body.length;
        while (end > 0 && body[end - 1] == '&') {
            end--;
        }
        boolean pair = false;
        for (int i = 0; i < end; i++) {
            byte b = body[i];
            if (b == '&') {
                if (!pair) {
                    return false;
                }
                pair = false;
            } else if (b == '=') {
                pair = true;
            } else if (b == '%' && (i + 2 >= body.length || !hex(body[i + 1]) || !hex(body[i + 2]))) {
                return false;
            }
        }
        return end == 0 || pair;
    }

    private static boolean hex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
    }
}
