package dev.payhook.delivery;

import dev.payhook.outbox.EventSubscribers;
import dev.payhook.outbox.Subscriber;
import jakarta.annotation.PreDestroy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.TemplatedRouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The merchant's HTTP endpoints ({@code payhook.deliveries.<name>}, DESIGN.md §11.2): checked when
 * the gateway starts (a mistake stops it, named), each given its durable queue on payhook.events
 * before the outbox publishes anything, filtered by the broker to the types it wants, and its route
 * from the {@value #TEMPLATE} template.
 */
@Component
public class Endpoints {

    private static final Logger log = LoggerFactory.getLogger(Endpoints.class);

    /** The route template of routes/templates/deliver-http.yaml. */
    static final String TEMPLATE = "deliver-http";

    private final Map<String, Endpoint> endpoints = new LinkedHashMap<>();
    private final CamelContext camel;

    public Endpoints(Environment environment, EventSubscribers subscribers, CamelContext camel) {
        this.camel = camel;
        Map<String, EndpointSettings> configured = new TreeMap<>(Binder.get(environment)
                .bind("payhook.deliveries", Bindable.mapOf(String.class, EndpointSettings.class))
                .orElse(Map.of()));
        List<String> problems = new ArrayList<>();
        configured.forEach((name, settings) -> {
            String prefix = "payhook.deliveries." + name;
            if (!name.matches("[a-z0-9][a-z0-9-]{0,62}")) {
                problems.add(prefix + ": a name is 1 to 63 lower-case letters, digits or -, as it names a queue");
            }
            problems.addAll(settings.problems(prefix));
            endpoints.put(name, new Endpoint(name, settings));
        });
        if (!problems.isEmpty()) {
            throw new IllegalStateException(String.join("; ", problems));
        }
        endpoints.forEach((name, e) -> {
            subscribers.declare(new Subscriber(name, Subscriber.Role.ENDPOINT, e.kinds()));
            log.info(
                    "Delivering {} to {} ({}){}",
                    e.settings().types(),
                    e.settings().url().getHost(),
                    name,
                    e.settings().enabled() ? "" : ": disabled, messages wait in " + EventSubscribers.queue(name));
        });
    }

    /** Once Camel runs the route files; a failure stops the start-up. */
    @EventListener(ApplicationStartedEvent.class)
    public void route() {
        endpoints.forEach((name, e) -> {
            try {
                TemplatedRouteBuilder.builder(camel, TEMPLATE)
                        .routeId("deliver-" + name)
                        .parameter("endpoint", name)
                        .parameter("concurrency", Integer.toString(e.settings().concurrency()))
                        .parameter("enabled", Boolean.toString(e.settings().enabled()))
                        .add();
            } catch (RuntimeException failure) {
                throw new IllegalStateException("the delivery route of " + name + " could not be made", failure);
            }
        });
    }

    /** The endpoints' connections, once their routes stopped. */
    @PreDestroy
    public void close() {
        for (Endpoint e : endpoints.values()) {
            try {
                e.close();
            } catch (IOException | RuntimeException failure) {
                log.warn("The connections to endpoint {} did not close: {}", e.name(), failure.toString());
            }
        }
    }

    Endpoint get(String name) {
        Endpoint e = endpoints.get(name);
        if (e == null) {
            throw new IllegalArgumentException("no endpoint " + name + " under payhook.deliveries");
        }
        return e;
    }

    public boolean has(String name) {
        return endpoints.containsKey(name);
    }

    public Collection<Endpoint> all() {
        return endpoints.values();
    }
}
