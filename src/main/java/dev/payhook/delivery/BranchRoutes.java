package dev.payhook.delivery;

import dev.payhook.config.Branches;
import dev.payhook.config.Redaction;
import dev.payhook.config.RouteFailureAnalyzer;
import dev.payhook.config.SetupFailure;
import dev.payhook.outbox.EventSubscribers;
import dev.payhook.outbox.Subscriber;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.TemplatedRouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Each integrator branch ({@code payhook.branches.<name>}) gets its durable queue on payhook.events,
 * which the broker fills with the provider events it named alone, before the outbox publishes
 * anything; and its route from the {@value #TEMPLATE} template, apart from the money path: an
 * endpoint that fails or hangs holds back its own queue and nothing else.
 */
@Component
public class BranchRoutes {

    private static final Logger log = LoggerFactory.getLogger(BranchRoutes.class);

    /** The route template of routes/templates/branch.yaml. */
    static final String TEMPLATE = "branch";

    private final Branches branches;
    private final CamelContext camel;

    public BranchRoutes(Branches branches, EventSubscribers subscribers, CamelContext camel) {
        this.branches = branches;
        this.camel = camel;
        for (Branches.Branch b : branches.all()) {
            subscribers.declare(new Subscriber(b.name(), Subscriber.Role.BRANCH, b.events()));
            log.info(
                    "Branch {}: {} to {}{}",
                    b.name(),
                    String.join(", ", b.events()),
                    Redaction.of(b.to().replaceAll("\\?.*", "")),
                    b.enabled() ? "" : ": disabled, events wait in " + EventSubscribers.queue(b.name()));
        }
    }

    /** Once Camel runs the route files; a failure stops the start-up, naming the branch. */
    @EventListener(ApplicationStartedEvent.class)
    public void route() {
        for (Branches.Branch b : branches.all()) {
            try {
                TemplatedRouteBuilder.builder(camel, TEMPLATE)
                        .routeId("branch-" + b.name())
                        .parameter("branch", b.name())
                        .parameter("to", b.to())
                        .parameter("concurrency", Integer.toString(b.concurrency()))
                        .parameter("enabled", Boolean.toString(b.enabled()))
                        .add();
            } catch (RuntimeException failure) {
                throw new SetupFailure(
                        "payhook.branches." + b.name() + ".to (" + branches.origin(b) + "): Camel cannot make the"
                                + " branch's route to " + Redaction.of(b.to()) + ": "
                                + RouteFailureAnalyzer.reason(failure),
                        "correct payhook.branches." + b.name() + ".to: a Camel endpoint URI with options its"
                                + " component knows (docs/integrating.md#branches-provider-events-to-your-own-endpoints). The gateway did not start.");
            }
        }
    }
}
