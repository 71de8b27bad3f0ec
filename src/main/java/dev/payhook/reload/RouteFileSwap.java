package dev.payhook.reload;

import dev.payhook.config.RouteFailureAnalyzer;
import dev.payhook.config.RouteFileFailureAnalyzer;
import dev.payhook.config.RouteLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.RoutesBuilder;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.model.Model;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.spi.Resource;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * One route file's routes replaced by what the file says now, whole or not at all: the file is
 * read and checked before any running route is touched, and when the new routes cannot start the
 * old ones are put back. A file that is gone takes its routes with it.
 */
final class RouteFileSwap {

    /** What a swap did, for the log line. */
    record Outcome(Set<String> removed, Set<String> added) {}

    /** Why a file was refused, with where in it when that is known. */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    private static final String SHIPPED = "classpath:routes/";

    private final CamelContext camel;

    RouteFileSwap(CamelContext camel) {
        this.camel = camel;
    }

    Outcome swap(Path file, String name) throws Refused {
        // a file the jar ships, deleted here, gives the jar's routes back: deleting an override of
        // routes/processing.yaml must not leave payhook.inbound without its consumer
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a FIFO would block the read for good, a folder holds no routes
            throw new Refused("it is not a plain file (a folder, a pipe)");
        }
        List<RouteDefinition> fresh =
                Files.exists(file) ? read("file:" + file) : shipped(name) ? read(SHIPPED + name) : List.of();
        Model model = camel.getCamelContextExtension().getContextPlugin(Model.class);
        List<RouteDefinition> old = new ArrayList<>();
        for (Route r : camel.getRoutes()) {
            if (fromFile(r, file, name)) {
                old.add(model.getRouteDefinition(r.getRouteId()));
            }
        }
        Set<String> oldIds = ids(old);
        for (RouteDefinition d : fresh) {
            if (d.getRouteId() != null && camel.getRoute(d.getRouteId()) != null && !oldIds.contains(d.getRouteId())) {
                throw new Refused("route id " + d.getRouteId() + " is taken by a route of another file");
            }
        }
        try {
            model.removeRouteDefinitions(old);
        } catch (Exception e) {
            throw new Refused("its running routes could not be stopped: " + e.getMessage());
        }
        try {
            model.addRouteDefinitions(fresh);
        } catch (Exception e) {
            restore(model, fresh, old);
            // where in the file and why, in one line, as a start says it: not Camel's message, which holds the whole
            // route
            FailureAnalysis said = new RouteFailureAnalyzer(new RouteLocator("file:" + file)).analyze(e);
            throw new Refused("its routes could not start, the previous ones run again: "
                    + (said != null ? said.getDescription() : RouteFailureAnalyzer.reason(e)));
        }
        return new Outcome(oldIds, ids(fresh));
    }

    /** Whether the jar has a route file of that name under routes/. */
    static boolean shipped(String name) {
        return RouteFileSwap.class.getClassLoader().getResource("routes/" + name) != null;
    }

    private List<RouteDefinition> read(String location) throws Refused {
        try {
            Resource resource = ResourceHelper.resolveResource(camel, location);
            List<RouteDefinition> routes = new ArrayList<>();
            for (RoutesBuilder b : PluginHelper.getRoutesLoader(camel).findRoutesBuilders(resource)) {
                if (!(b instanceof RouteBuilder rb)) {
                    throw new Refused("it holds something other than routes");
                }
                routes.addAll(rb.configureRoutes(camel).getRoutes());
            }
            return routes;
        } catch (Refused e) {
            throw e;
        } catch (Exception e) {
            throw new Refused(describe(e));
        }
    }

    private static void restore(Model model, List<RouteDefinition> fresh, List<RouteDefinition> old) {
        try {
            model.removeRouteDefinitions(fresh);
            model.addRouteDefinitions(old);
        } catch (Exception e) {
            throw new IllegalStateException("the previous routes could not be restarted: " + e.getMessage(), e);
        }
    }

    /** Whether the route came from that file: {@code name} under the routes folder, or the jar's file it overrides. */
    static boolean fromFile(Route r, Path file, String name) {
        Resource source = r.getSourceResource();
        if (source == null) {
            return false;
        }
        String location = source.getLocation().replace('\\', '/');
        // Exact: routes/x.yaml and routes/providers/x.yaml share a name but not their routes.
        if (location.startsWith("file:")) {
            return Path.of(location.substring("file:".length()))
                    .toAbsolutePath()
                    .normalize()
                    .equals(file.toAbsolutePath().normalize());
        }
        return location.equals(SHIPPED + name);
    }

    private static String describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MarkedYamlEngineException yaml) {
                return RouteFileFailureAnalyzer.describe(yaml);
            }
        }
        return e.getMessage();
    }

    private static Set<String> ids(List<RouteDefinition> routes) {
        Set<String> ids = new TreeSet<>();
        routes.forEach(d -> ids.add(d.getRouteId()));
        return ids;
    }
}
