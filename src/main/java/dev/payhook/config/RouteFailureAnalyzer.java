package dev.payhook.config;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.FailedToCreateRouteException;
import org.apache.camel.FailedToStartRouteException;
import org.apache.camel.NoSuchEndpointException;
import org.apache.camel.ResolveEndpointFailedException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.env.Environment;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * A route Camel cannot make or start (a component this build does not have, an endpoint option it
 * does not know) stops the start with the route file and line, what Camel said in one line, and
 * the fix: not a stack trace that names the route id alone. URIs and what Camel says of them are
 * shown through {@link Redaction}, without passwords or keys.
 */
public class RouteFailureAnalyzer implements FailureAnalyzer {

    /** How Camel names the step it failed at: {@code at: >>> to[stream:out] <<< in route}. */
    private static final Pattern STEP = Pattern.compile("at: >>> \\w+\\[(.*?)\\] <<< in route");

    /** Camel's {@code Failed to resolve endpoint: <uri> due to: }, once per wrapping. */
    private static final Pattern RESOLVE_PREFIX = Pattern.compile("Failed to resolve endpoint: \\S+ due to: ");

    private final RouteLocator routes;

    public RouteFailureAnalyzer(Environment environment) {
        this(new RouteLocator(environment.getProperty(RouteSources.PATTERN, "")));
    }

    /** Finding routes in {@code routes}' files alone: one saved file, at reload. */
    public RouteFailureAnalyzer(RouteLocator routes) {
        this.routes = routes;
    }

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof FailedToCreateRouteException create) {
                String uri = uri(failure);
                return analyze(
                        failure, create.getRouteId(), step(create.getMessage()).orElse(uri), uri);
            }
            if (t instanceof FailedToStartRouteException start) {
                return analyze(failure, start.getRouteId(), uri(failure), null);
            }
        }
        return null;
    }

    /** {@code step} as Camel labels it; {@code uri} the endpoint it could not make, which a template's parameter may hold. */
    private FailureAnalysis analyze(Throwable failure, String routeId, String step, String uri) {
        Optional<RouteLocator.Place> place = routes.find(routeId, step, uri);
        String where = place.map(p -> p + ", route " + routeId).orElse("Route " + routeId);
        String inFile = place.map(p -> " in " + p.file()).orElse("");
        return new FailureAnalysis(
                where + (step == null ? "" : " at " + Redaction.of(step)) + ": " + reason(failure),
                "Correct the route" + inFile + " (a component's options are in Camel's component reference), or"
                        + " move the file out of the routes folder. The gateway did not start.",
                failure);
    }

    /**
     * Why Camel could not make an endpoint, in one line without secrets: the component missing from
     * this build (with those it has), or what Camel said of the URI.
     */
    public static String reason(Throwable failure) {
        NoSuchEndpointException unknown = innermost(failure, NoSuchEndpointException.class);
        if (unknown != null) {
            return "this build of Payhook has no Camel component '"
                    + unknown.getUri().replaceFirst(":.*", "") + "'; it has " + String.join(", ", components());
        }
        ResolveEndpointFailedException bad = innermost(failure, ResolveEndpointFailedException.class);
        String said = bad != null
                ? RESOLVE_PREFIX.matcher(String.valueOf(bad.getMessage())).replaceAll("")
                : String.valueOf(
                        NestedExceptionUtils.getMostSpecificCause(failure).getMessage());
        return FailureReport.oneLine(Redaction.of(said));
    }

    private static Optional<String> step(String message) {
        Matcher m = STEP.matcher(message == null ? "" : message);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** The URI of the endpoint Camel could not make, when it says. */
    private static String uri(Throwable failure) {
        NoSuchEndpointException unknown = innermost(failure, NoSuchEndpointException.class);
        if (unknown != null) {
            return unknown.getUri();
        }
        ResolveEndpointFailedException bad = innermost(failure, ResolveEndpointFailedException.class);
        return bad == null ? null : bad.getUri();
    }

    /** The Camel components in this build, by their scheme. */
    static Set<String> components() {
        TreeSet<String> names = new TreeSet<>();
        try {
            for (Resource r : new PathMatchingResourcePatternResolver(RouteFailureAnalyzer.class.getClassLoader())
                    .getResources("classpath*:META-INF/services/org/apache/camel/component/*")) {
                names.add(r.getFilename());
            }
        } catch (IOException e) {
            // the report goes on without the list
        }
        return names;
    }

    private static <T extends Throwable> T innermost(Throwable failure, Class<T> type) {
        T found = null;
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (type.isInstance(t)) {
                found = type.cast(t);
            }
        }
        return found;
    }
}
