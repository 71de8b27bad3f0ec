package dev.payhook.processing;

import dev.payhook.broker.Envelope;
import dev.payhook.broker.Redelivery;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.camel.Exchange;
import org.apache.camel.Predicate;
import org.springframework.stereotype.Component;

/**
 * A message of a batch that failed on its own with attempts left goes back on payhook.inbound as a
 * copy, due after the delay the broker would have waited before a redelivery: a rollback of the
 * session would redeliver the whole batch, and hold the messages that succeeded back with it.
 */
@Component("retries")
public class Retries implements Predicate {

    /** The attempts that failed before this copy: the copy's own delivery count starts again at 1. */
    public static final String FAILED_ATTEMPTS = "PayhookFailedAttempts";

    /** The processing route's doCatch: true to put the message back, false (an infrastructure failure) to fail the batch. */
    @Override
    public boolean matches(Exchange exchange) {
        return !Failures.isInfrastructure(Failures.failure(exchange));
    }

    /** Turns the failed exchange back into the message as it was received, counting this attempt. */
    public void later(Exchange exchange) {
        int attempt = Failures.attempt(exchange);
        Envelope envelope = exchange.getProperty(Evidence.ENVELOPE, Envelope.class);
        if (envelope != null) {
            envelope.writeTo(exchange.getIn());
        }
        exchange.getIn().setHeader(FAILED_ATTEMPTS, attempt);
        exchange.getIn()
                .setHeader(
                        Message.HDR_SCHEDULED_DELIVERY_TIME.toString(),
                        System.currentTimeMillis() + Redelivery.after(attempt).toMillis());
    }
}
