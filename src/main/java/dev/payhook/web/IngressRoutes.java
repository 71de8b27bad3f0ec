package dev.payhook.web;

import dev.payhook.provider.ProviderRegistry;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * Whether every enabled provider that sends webhooks has its ingress route: a provider configured
 * without one (its route file missing beside a jar run elsewhere, a typo in the route's provider)
 * would have every webhook answered 404 while the gateway looked healthy. Readiness is DOWN naming
 * those providers ({@code ingressRoutes}), and their webhooks get 503, which providers retry.
 */
@Component("ingressRoutesHealthIndicator")
public class IngressRoutes implements HealthIndicator {

    private static final Pattern WEBHOOK = Pattern.compile("^platform-http:/*webhooks/([A-Za-z0-9_-]+)");

    private final CamelContext camel;
    private final ProviderRegistry providers;
    // recomputed when the number of routes changes: the webhook path asks on every request
    private volatile Served served = new Served(-1, Set.of());

    private record Served(int routes, Set<String> providers) {}

    public IngressRoutes(CamelContext camel, ProviderRegistry providers) {
        this.camel = camel;
        this.providers = providers;
    }

    boolean serves(String provider) {
        return served().providers().contains(provider);
    }

    /** The enabled providers that send webhooks and have no ingress route. */
    Set<String> missing() {
        Set<String> missing = new TreeSet<>();
        providers.enabled().forEach((name, p) -> {
            if (!p.scheme().readsBrowserReturns() && !serves(name)) {
                missing.add(name);
            }
        });
        return missing;
    }

    @Override
    public Health health() {
        Set<String> missing = missing();
        return missing.isEmpty()
                ? Health.up().build()
                : Health.down()
                        .withDetail(
                                "reason", "enabled providers without an ingress route: " + String.join(", ", missing))
                        .build();
    }

    private Served served() {
        Served now = served;
        int routes = camel.getRoutesSize();
        if (now.routes() != routes) {
            Set<String> names = new TreeSet<>();
            for (Route route : camel.getRoutes()) {
                Matcher m = WEBHOOK.matcher(route.getEndpoint().getEndpointUri());
                if (m.find()) {
                    names.add(m.group(1));
                }
            }
            now = new Served(routes, names);
            served = now;
        }
        return now;
    }
}
