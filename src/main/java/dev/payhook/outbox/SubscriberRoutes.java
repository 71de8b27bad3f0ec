package dev.payhook.outbox;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.Route;
import org.apache.camel.support.LifecycleStrategySupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * A route that consumes a subscriber queue of payhook.events ({@code
 * payhook.events::payhook.events.<name>}) gets its durable queue declared before it starts, whether
 * or not {@code payhook.events.subscribers} names it: without the queue the route would start, say
 * so, and never receive anything.
 */
@Component
public class SubscriberRoutes extends LifecycleStrategySupport {

    private static final Logger log = LoggerFactory.getLogger(SubscriberRoutes.class);

    /** A subscriber's queue by its fully qualified name, the subscriber's name captured. */
    private static final Pattern SUBSCRIBER_QUEUE =
            Pattern.compile(Pattern.quote(EventSubscribers.fullyQualified("")) + "([A-Za-z0-9_.-]+)");

    private final EventSubscribers subscribers;
    /** The routes of the merchant's own that consume a subscriber queue, by route id: the subscriber's name. */
    private final Map<String, String> own = new ConcurrentHashMap<>();

    /** What the merchant's own routes did with each message, recorded once the first of them is added. */
    private final ObjectProvider<RouteDeliveries> deliveries;

    public SubscriberRoutes(EventSubscribers subscribers, ObjectProvider<RouteDeliveries> deliveries) {
        this.subscribers = subscribers;
        this.deliveries = deliveries;
    }

    /** The subscriber whose queue an endpoint URI names by its fully qualified name; empty for any other. */
    public static Optional<String> subscriber(String endpointUri) {
        Matcher consumed = SUBSCRIBER_QUEUE.matcher(endpointUri);
        return consumed.find() ? Optional.of(consumed.group(1)) : Optional.empty();
    }

    @Override
    public void onRoutesAdd(Collection<Route> routes) {
        for (Route route : routes) {
            Optional<String> consumed = subscriber(route.getEndpoint().getEndpointUri());
            if (consumed.isEmpty()) {
                continue;
            }
            String name = consumed.get();
            if (!subscribers.queues().contains(EventSubscribers.queue(name))) {
                String queue = subscribers.declare(new Subscriber(name, Subscriber.Role.CONSUMER, List.of()));
                log.info(
                        "Route {} consumes {}, which payhook.events.subscribers does not name: declared it, and it "
                                + "keeps every event from now on (name it there to say so)",
                        route.getRouteId(),
                        queue);
            }
            if (subscribers.all().stream()
                    .anyMatch(s -> s.name().equals(name) && s.role() == Subscriber.Role.CONSUMER)) {
                own.put(route.getRouteId(), name);
                deliveries.getObject().watch(route.getCamelContext());
            }
        }
    }

    @Override
    public void onRoutesRemove(Collection<Route> routes) {
        routes.forEach(r -> own.remove(r.getRouteId()));
    }

    /** The subscriber whose queue route {@code routeId} of the merchant's own consumes; empty for any other route. */
    Optional<String> subscriberOf(String routeId) {
        return routeId == null ? Optional.empty() : Optional.ofNullable(own.get(routeId));
    }
}
