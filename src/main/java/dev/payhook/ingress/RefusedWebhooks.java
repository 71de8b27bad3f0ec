package dev.payhook.ingress;

import dev.payhook.alerts.Refusals;
import dev.payhook.config.TrustedProxies;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.RefusedRequest;
import dev.payhook.web.EdgeRefusals;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Every webhook refused, by the route or by the filters before it, is kept for examination (within
 * the refused-request store's bounds) with where it came from, its headers minus credential values
 * (a header sent more than once with all its values, joined by ", " as HTTP combines them), and what
 * was read of its body. A path naming no enabled provider is anyone's to choose: refused,
 * never kept or counted under its name.
 */
@Component
public class RefusedWebhooks implements EdgeRefusals {

    private final ProviderRegistry providers;
    private final Refusals refusals;
    private final TrustedProxies proxies;
    private final Clock clock;

    public RefusedWebhooks(ProviderRegistry providers, Refusals refusals, TrustedProxies proxies, Clock clock) {
        this.providers = providers;
        this.refusals = refusals;
        this.proxies = proxies;
        this.clock = clock;
    }

    @Override
    public void refused(String provider, HttpServletRequest request, String reason, byte[] body) {
        Optional<Provider> p = provider == null ? Optional.empty() : providers.find(provider);
        if (p.isPresent()) {
            refusals.counter(provider, reason).increment();
            keep(provider, p.get(), request, reason, body);
        }
    }

    /** Keeps a refusal of an enabled provider's webhook, already counted. */
    void keep(String provider, Provider p, HttpServletRequest request, String reason, byte[] body) {
        Map<String, String> headers = request == null
                ? Map.of()
                : RefusedRequest.headers(
                        Collections.list(request.getHeaderNames()),
                        name -> String.join(", ", Collections.list(request.getHeaders(name))),
                        p.scheme().secretHeaderNames());
        refusals.keep(new RefusedRequest(provider, clock.instant(), client(request), reason, headers, body));
    }

    /** The client's address as the trusted proxies give it. */
    String client(HttpServletRequest request) {
        return request == null
                ? null
                : proxies.clientAddress(
                        request.getRemoteAddr(), request.getHeader("X-Forwarded-For"), request.getHeader("Forwarded"));
    }
}
