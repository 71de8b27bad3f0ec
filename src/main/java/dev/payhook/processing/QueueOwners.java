package dev.payhook.processing;

import dev.payhook.broker.Destination;
import dev.payhook.config.EndpointUris;
import dev.payhook.config.RouteAdditions;
import java.util.Optional;
import java.util.Set;
import org.apache.camel.model.RouteDefinition;
import org.springframework.stereotype.Component;

/**
 * Payhook's own queues have Payhook's consumers alone: a route that would take messages from
 * payhook.inbound, payhook.dlq or payhook.deliveries.failed is refused as it is added, at start
 * and at reload, with its file and line. What such a route took was acknowledged to the provider
 * and would never be applied, dead-lettered or replayed: the broker shares a queue's messages
 * between its consumers. The integrator's way to the events is a subscriber queue of
 * payhook.events or a branch.
 */
@Component
public class QueueOwners extends RouteAdditions {

    /** routes/processing.yaml's batch consumer of payhook.inbound; a file that overrides it keeps its id. */
    private static final Set<String> OWNERS = Set.of("processing");

    private static final Set<String> PAYHOOKS =
            Set.of(Destination.INBOUND.address(), Destination.DLQ.address(), Destination.DELIVERIES_FAILED.address());

    /** Components that consume from a broker queue by its name. */
    private static final Set<String> MESSAGING =
            Set.of("jms", "jms-batch", "activemq", "amqp", "sjms", "sjms2", "sjms-batch", "artemis");

    @Override
    public void onAddRouteDefinition(RouteDefinition route) {
        String id = route.getRouteId();
        if (route.getInput() == null || (id != null && OWNERS.contains(id))) {
            return;
        }
        String written = route.getInput().getEndpointUri();
        if (written == null) {
            return;
        }
        taken(EndpointUris.consumed(route)).ifPresent(queue -> {
            throw refused(
                    route,
                    written,
                    "consumes " + queue + ", which only Payhook's own routes may: each message it took would be"
                            + " answered 2xx to the provider and never applied",
                    "consume payhook.events through a queue of your own (README.md#receiving-payhooks-events)"
                            + " or a branch, and remove this route");
        });
    }

    /** The Payhook queue or address the endpoint consumes from, when it is one. */
    static Optional<String> taken(String uri) {
        int colon = uri.indexOf(':');
        if (colon < 0 || !MESSAGING.contains(uri.substring(0, colon))) {
            return Optional.empty();
        }
        String name = uri.substring(colon + 1).replaceFirst("^//", "").replaceFirst("\\?.*", "");
        if (name.startsWith("topic:")) {
            return Optional.empty();
        }
        name = name.replaceFirst("^queue:", "");
        // address::queue reaches the address's messages too: either part counts
        for (String part : name.split("::", -1)) {
            if (PAYHOOKS.contains(part)) {
                return Optional.of(part);
            }
        }
        return Optional.empty();
    }
}
