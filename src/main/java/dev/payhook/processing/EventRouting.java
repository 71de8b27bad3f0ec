package dev.payhook.processing;

import dev.payhook.provider.NormalizedEvent;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/**
 * Puts an event's routing keys on its message as plain headers, computed once: the event-id lock
 * (the event id; the provider is already the envelope's header) and the content-based router of
 * routes/processing.yaml read them without evaluating bean expressions on the body per branch. An
 * event rejected whatever it says carries its rejection to the branch that records it.
 */
@Component("eventRouting")
public class EventRouting implements Processor {

    private static final String EVENT_ID = "PayhookEventId";
    /** The event's {@code EventType.Branch} by its wire name, read by the route apply-event. */
    public static final String BRANCH = "PayhookBranch";

    private static final String REJECTED = "PayhookRejected";
    /** Exchange property holding the event's {@link Reconciliation.Rejection}, when it has one. */
    static final String REJECTED_BECAUSE = "payhookRejection";

    private final Reconciliation reconciliation;
    private final InFlightEvents inFlight;

    public EventRouting(Reconciliation reconciliation, InFlightEvents inFlight) {
        this.reconciliation = reconciliation;
        this.inFlight = inFlight;
    }

    @Override
    public void process(Exchange exchange) {
        Message message = exchange.getIn();
        NormalizedEvent e = message.getBody(NormalizedEvent.class);
        message.setHeader(EVENT_ID, e.eventId());
        message.setHeader(BRANCH, e.type().branch().wireName());
        Reconciliation.Rejection rejection = reconciliation.rejection(e).orElse(null);
        message.setHeader(REJECTED, rejection != null);
        exchange.setProperty(REJECTED_BECAUSE, rejection);
        inFlight.enter(exchange, InFlightEvents.key(e));
    }
}
