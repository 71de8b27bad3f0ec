package dev.payhook.ingress;

import dev.payhook.config.RoutesReloaded;
import dev.payhook.provider.ProviderRegistry;
import java.util.Set;
import java.util.TreeSet;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.builder.TemplatedRouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The ingress routes follow {@code payhook.providers}, so the two cannot disagree: every enabled
 * provider that sends webhooks gets the {@value #TEMPLATE} route template's route (id
 * {@code ingress-<provider>}) unless a route file already serves its path (an integrator's
 * override under routes/providers/, whose steps run after the ingress steps, IngressSteps); a route for the path of
 * a provider the configuration does not name stops the start-up, naming it.
 */
@Component
public class IngressRoutes {

    private static final Logger log = LoggerFactory.getLogger(IngressRoutes.class);

    /** The route template of routes/templates/ingress.yaml. */
    static final String TEMPLATE = "webhook-ingress";

    private final ProviderRegistry providers;
    private final CamelContext camel;

    public IngressRoutes(ProviderRegistry providers, CamelContext camel) {
        this.providers = providers;
        this.camel = camel;
    }

    /**
     * Once Camel runs the route files and before the gateway is ready for traffic; a failure here
     * stops the start-up (camel-spring-boot only logs one of its own start hooks).
     */
    @EventListener(ApplicationStartedEvent.class)
    public void follow() {
        Set<String> served = served(camel);
        Set<String> strangers = new TreeSet<>(served);
        strangers.removeIf(providers::isConfigured);
        if (!strangers.isEmpty()) {
            throw new IllegalStateException("routes serve the webhooks of providers that payhook.providers does not"
                    + " configure: " + String.join(", ", strangers) + " (configure payhook.providers.<name>,"
                    + " or remove the route file)");
        }
        providers.enabled().forEach((name, provider) -> {
            if (!provider.scheme().readsBrowserReturns() && !served.contains(name)) {
                add(camel, name);
            }
        });
    }

    /**
     * After a reload: a provider whose route file went away (an override deleted under routes/providers/)
     * is served by the template's route again, not left answering 404.
     */
    @EventListener(RoutesReloaded.class)
    public void reloaded() {
        Set<String> served = served(camel);
        providers.enabled().forEach((name, provider) -> {
            if (!provider.scheme().readsBrowserReturns() && !served.contains(name)) {
                add(camel, name);
                log.info("No route file serves /webhooks/{} now: the template's ingress route serves it again", name);
            }
        });
    }

    /** The id of the template's route for {@code provider}. */
    static String routeId(String provider) {
        return "ingress-" + provider;
    }

    /** The template's ingress route for {@code provider}, added to {@code camel}. */
    public static void add(CamelContext camel, String provider) {
        try {
            TemplatedRouteBuilder.builder(camel, TEMPLATE)
                    .routeId(routeId(provider))
                    .parameter("provider", provider)
                    .add();
        } catch (RuntimeException e) {
            throw new IllegalStateException("the ingress route of " + provider + " could not be made", e);
        }
    }

    private static Set<String> served(CamelContext camel) {
        Set<String> names = new TreeSet<>();
        for (Route route : camel.getRoutes()) {
            IngressSteps.served(route.getEndpoint().getEndpointUri()).ifPresent(names::add);
        }
        return names;
    }
}
