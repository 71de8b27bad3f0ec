package dev.payhook.delivery;

import dev.payhook.config.EndpointUris;
import dev.payhook.config.RouteAdditions;
import dev.payhook.outbox.SubscriberRoutes;
import java.util.Optional;
import java.util.Set;
import org.apache.camel.CamelContext;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.model.FromDefinition;
import org.apache.camel.model.RedeliveryPolicyDefinition;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.errorhandler.DeadLetterChannelDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A route in ./routes that consumes from the broker runs in a JMS transaction unless its URI says how
 * it acknowledges: without one, the broker forgets a message as it hands it over, and a step that
 * fails loses it. A route that consumes a subscriber queue of payhook.events and names no error
 * handler of its own gets Payhook's: the message as it came goes to routes/consumers.yaml, which
 * retries it on a schedule and then parks it for ops. Done as each route is added, at start and at
 * reload, before Camel makes the consumer.
 */
@Component
public class ConsumerRoutes extends RouteAdditions {

    private static final Logger log = LoggerFactory.getLogger(ConsumerRoutes.class);

    /** Options by which a route says how its consumer acknowledges: then its URI is left as written. */
    private static final Set<String> ACKNOWLEDGING =
            Set.of("transacted", "acknowledgementModeName", "acknowledgementMode", "transactionManager");

    /** A local JMS transaction on the listener's session, which the route's own sends to the broker join. */
    private static final String TRANSACTED = "transacted=true&lazyCreateTransactionManager=false";

    /** The route of routes/consumers.yaml. */
    private static final String FAILED = "direct:consumer-failed";

    private final ConsumerFailures failures;

    public ConsumerRoutes(ConsumerFailures failures) {
        this.failures = failures;
    }

    @Override
    public void onAddRouteDefinition(RouteDefinition route) {
        FromDefinition input = route.getInput();
        if (input == null || input.getUri() == null) {
            return;
        }
        String written = input.getUri();
        String uri = EndpointUris.consumed(route);
        if (!consumesBroker(route.getCamelContext(), uri)) {
            return;
        }
        Set<String> options = EndpointUris.options(uri);
        boolean transacted;
        if (options.stream().noneMatch(ACKNOWLEDGING::contains)) {
            input.setUri(written + (written.contains("?") ? "&" : "?") + TRANSACTED);
            transacted = true;
        } else {
            transacted = uri.matches(".*[?&]transacted=true(&.*)?");
            if (!transacted && !route.isCreatedFromTemplate()) {
                log.warn(
                        "Route {} consumes {} without a JMS transaction, as its URI says: a message its steps fail"
                                + " on is not given again",
                        name(route),
                        uri.replaceFirst("\\?.*", ""));
            }
        }
        Optional<String> subscriber = SubscriberRoutes.subscriber(uri);
        if (transacted
                && subscriber.isPresent()
                && route.getErrorHandler() == null
                && route.getErrorHandlerRef() == null) {
            route.setErrorHandlerFactory(retriedThenParked());
            failures.parked(subscriber.get());
            log.info(
                    "Route {} consumes subscriber {} in a JMS transaction: a message its steps fail on is tried"
                            + " again after payhook.events.retry-schedule, then parked on payhook.deliveries.failed",
                    name(route),
                    subscriber.get());
        }
    }

    /** The message as it came to routes/consumers.yaml, at once; a failure there rolls the transaction back. */
    private static DeadLetterChannelDefinition retriedThenParked() {
        DeadLetterChannelDefinition handler = new DeadLetterChannelDefinition(FAILED);
        handler.setUseOriginalMessage("true");
        handler.setDeadLetterHandleNewException("false");
        RedeliveryPolicyDefinition policy = new RedeliveryPolicyDefinition();
        policy.setMaximumRedeliveries("0");
        // routes/consumers.yaml says what became of the message, once, without its body
        policy.setLogExhausted("false");
        policy.setLogStackTrace("false");
        policy.setLogHandled("false");
        handler.setRedeliveryPolicy(policy);
        return handler;
    }

    private static boolean consumesBroker(CamelContext camel, String uri) {
        String component = EndpointUris.component(uri);
        if (camel == null || component.isEmpty()) {
            return false;
        }
        try {
            return camel.getComponent(component) instanceof JmsComponent;
        } catch (RuntimeException unknown) {
            // Camel says so itself when it makes the route
            return false;
        }
    }
}
