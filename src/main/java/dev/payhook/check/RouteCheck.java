package dev.payhook.check;

import dev.payhook.broker.BatchComponent;
import dev.payhook.config.EndpointUris;
import dev.payhook.config.Redaction;
import dev.payhook.config.RouteAdditions;
import dev.payhook.config.RouteFailureAnalyzer;
import dev.payhook.config.RouteFileFailureAnalyzer;
import dev.payhook.config.RouteLocator;
import dev.payhook.config.SetupFailure;
import dev.payhook.ingress.IngressConnection;
import dev.payhook.ingress.IngressSteps;
import dev.payhook.processing.QueueOwners;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.camel.CamelContext;
import org.apache.camel.RoutesBuilder;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.ProcessorDefinition;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.SendDefinition;
import org.apache.camel.spi.PropertiesSource;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.springframework.core.env.Environment;

/**
 * The route files a gateway would read, read as it reads them, without running any: each file as
 * the YAML DSL takes it, each route through the guard rails of the money path, each endpoint made
 * by its component as the route would make it (the component there, its options known).
 */
final class RouteCheck {

    /** Payhook's own components, which the gateway makes as beans with its broker connections. */
    private static final Set<String> OWN = Set.of(BatchComponent.NAME, IngressConnection.COMPONENT);

    private final List<String> sources;
    private final Environment env;
    private final RouteLocator locator;

    RouteCheck(List<String> sources, Environment env) {
        this.sources = sources;
        this.env = env;
        this.locator = new RouteLocator(String.join(",", sources));
    }

    /** The routes read, and what is wrong with them, file by file. */
    Checked check() throws Exception {
        List<Finding> findings = new ArrayList<>();
        int routes = 0;
        try (CamelContext camel = context()) {
            Map<String, String> ids = new HashMap<>();
            List<RouteAdditions> rails = List.of(new QueueOwners(), new IngressSteps());
            for (String source : sources) {
                for (RouteDefinition route : read(camel, source, findings)) {
                    routes++;
                    String id = route.getRouteId();
                    if (id != null && ids.putIfAbsent(id, source) != null) {
                        findings.add(at(
                                id,
                                id,
                                "route id " + id + " is taken by a route of " + ids.get(id),
                                "give one of the two routes another id"));
                    }
                    for (RouteAdditions rail : rails) {
                        try {
                            rail.onAddRouteDefinition(route);
                        } catch (SetupFailure refused) {
                            findings.add(Finding.placed(refused.problem(), refused.fix()));
                        }
                    }
                    endpoints(camel, route, findings);
                }
            }
        }
        return new Checked(routes, findings);
    }

    private CamelContext context() {
        DefaultCamelContext camel = new DefaultCamelContext();
        // placeholders as the gateway resolves them, from its settings
        camel.getPropertiesComponent().addPropertiesSource(new PropertiesSource() {
            @Override
            public String getName() {
                return "payhook settings";
            }

            @Override
            public String getProperty(String name) {
                return env.getProperty(name);
            }
        });
        camel.build();
        return camel;
    }

    private static List<RouteDefinition> read(CamelContext camel, String source, List<Finding> findings) {
        try {
            List<RouteDefinition> routes = new ArrayList<>();
            for (RoutesBuilder b : PluginHelper.getRoutesLoader(camel)
                    .findRoutesBuilders(ResourceHelper.resolveResource(camel, source))) {
                if (b instanceof RouteBuilder rb) {
                    routes.addAll(rb.configureRoutes(camel).getRoutes());
                }
            }
            return routes;
        } catch (Exception e) {
            findings.add(unreadable(source, e));
            return List.of();
        }
    }

    private static Finding unreadable(String source, Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MarkedYamlEngineException yaml) {
                return Finding.of(RouteFileFailureAnalyzer.describe(yaml), FIX_FILE);
            }
        }
        return Finding.of(source.replaceFirst("^file:", "") + ": " + RouteFailureAnalyzer.reason(e), FIX_FILE);
    }

    private static final String FIX_FILE =
            "correct the file, in the Camel YAML DSL as the routes beside it are written, or move it out of the"
                    + " routes folder";

    /** Each endpoint the route consumes or sends to by a fixed URI, made as the gateway would make it. */
    private void endpoints(CamelContext camel, RouteDefinition route, List<Finding> findings) {
        List<String> uris = new ArrayList<>();
        if (route.getInput() != null && route.getInput().getEndpointUri() != null) {
            uris.add(route.getInput().getEndpointUri());
        }
        collect(route.getOutputs(), uris);
        for (String uri : uris) {
            if (uri.contains("${") || OWN.contains(EndpointUris.component(uri))) {
                continue; // known only as a message passes; made by the gateway's own beans
            }
            try {
                camel.getEndpoint(camel.resolvePropertyPlaceholders(uri));
            } catch (RuntimeException e) {
                findings.add(at(
                        route.getRouteId(),
                        uri,
                        "route " + route.getRouteId() + " at " + Redaction.of(uri) + ": "
                                + RouteFailureAnalyzer.reason(e),
                        "correct the URI (a component's options are in Camel's component reference), or put the"
                                + " component's jar into ./lib"));
            }
        }
    }

    private static void collect(List<ProcessorDefinition<?>> steps, List<String> uris) {
        for (ProcessorDefinition<?> step : steps) {
            if (step instanceof SendDefinition<?> send && send.getEndpointUri() != null) {
                uris.add(send.getEndpointUri());
            }
            collect(step.getOutputs(), uris);
        }
    }

    /** A finding placed at the line {@code text} is written on in route {@code routeId}. */
    private Finding at(String routeId, String text, String problem, String fix) {
        Optional<RouteLocator.Place> place = locator.find(routeId, text);
        return new Finding(
                // as a start says it: routes/x.yaml line 7, route x at ...
                place.map(p -> p + ", ").orElse("") + problem,
                place.map(RouteLocator.Place::file),
                place.map(RouteLocator.Place::line).orElse(0),
                fix);
    }
}
