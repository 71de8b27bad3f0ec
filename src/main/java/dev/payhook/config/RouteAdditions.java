package dev.payhook.config;

import java.util.Optional;
import org.apache.camel.model.ModelLifecycleStrategy;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.RouteTemplateDefinition;

/**
 * What Payhook does as each route definition is added, at start and at reload, before Camel makes
 * its consumer: checks that refuse a route (with its file and line) and steps that keep the money
 * path Payhook's. A route made from a template is seen as it is added, like any other.
 */
public abstract class RouteAdditions implements ModelLifecycleStrategy {

    @Override
    public abstract void onAddRouteDefinition(RouteDefinition route);

    /** A refusal of {@code route}, written with {@code uri}: its file and line first where they are known. */
    protected static SetupFailure refused(RouteDefinition route, String uri, String why, String fix) {
        String where = Optional.ofNullable(route.getResource())
                .flatMap(r -> new RouteLocator(r.getLocation()).find(route.getRouteId(), uri))
                .map(p -> p + ": ")
                .orElse("");
        return new SetupFailure(where + "route " + name(route) + " " + why, fix);
    }

    /** The route by its id, or by its file while Camel has not given it one. */
    protected static String name(RouteDefinition route) {
        if (route.getRouteId() != null) {
            return route.getRouteId();
        }
        return route.getResource() == null
                ? "(no id)"
                : "in " + route.getResource().getLocation();
    }

    @Override
    public final void onRemoveRouteDefinition(RouteDefinition route) {
        // nothing to release
    }

    @Override
    public final void onAddRouteTemplateDefinition(RouteTemplateDefinition template) {
        // a template's routes are seen as each is added
    }

    @Override
    public final void onRemoveRouteTemplateDefinition(RouteTemplateDefinition template) {
        // nothing to release
    }
}
