package dev.payhook.web;

import dev.payhook.provider.ProviderRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * What a provider is answered before its route runs. While the gateway starts (the HTTP server is
 * up before the Camel routes) or stops, 503 with Retry-After: some providers take a 404 for an
 * endpoint that is gone. A provider that is unknown or switched off gets one and the same 404.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class WebhookGate extends OncePerRequestFilter {

    private final ApplicationAvailability availability;
    private final ProviderRegistry providers;

    public WebhookGate(ApplicationAvailability availability, ProviderRegistry providers) {
        this.availability = availability;
        this.providers = providers;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !RawPath.isWebhook(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (availability.getReadinessState() != ReadinessState.ACCEPTING_TRAFFIC) {
            response.setHeader("Retry-After", "5");
            Answers.error(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "not_ready");
            return;
        }
        String provider = RawPath.of(request).substring(RawPath.WEBHOOKS.length());
        if (providers.find(provider).isEmpty()) {
            Answers.error(response, HttpServletResponse.SC_NOT_FOUND, "unknown_provider");
            return;
        }
        chain.doFilter(request, response);
    }
}
