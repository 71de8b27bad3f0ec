package dev.payhook.processing;

import dev.payhook.config.PayhookProperties;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.InvalidIdentifier;
import dev.payhook.provider.TableContradictsObject;
import dev.payhook.provider.UnparseablePayload;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import org.apache.camel.Exchange;
import org.apache.camel.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells a message that fails on its own (dead-letter it after the configured attempts) from an
 * infrastructure failure (roll back and let the broker redeliver with capped backoff, for as long
 * as the outage lasts: never dead-lettered).
 */
@Component("failures")
public class Failures implements Predicate {

    private static final Logger log = LoggerFactory.getLogger(Failures.class);

    private static final String VERDICT = "payhookFailsOnItsOwn";
    /**
     * The causes of {@code payhook.processing.failures}: of one message, a reference Payhook does not
     * know, or anything else; of a whole batch (BatchFailures), an outage, or anything else.
     */
    private static final String UNKNOWN_REFERENCE = "unknown_reference";

    private static final String MESSAGE = "message";
    static final String INFRASTRUCTURE = "infrastructure";
    private static final String PROVIDER_API = "provider_api";
    static final String BATCH = "batch";

    private final int maxAttempts;
    private final MeterRegistry meters;

    public Failures(PayhookProperties properties, MeterRegistry meters) {
        this.maxAttempts = properties.getProcessing().getMaxAttempts();
        this.meters = meters;
    }

    @EventListener(ApplicationStartedEvent.class)
    void seriesAtZero() {
        for (String cause : new String[] {UNKNOWN_REFERENCE, MESSAGE, INFRASTRUCTURE, BATCH, PROVIDER_API}) {
            failures(meters, cause);
        }
    }

    static Counter failures(MeterRegistry meters, String cause) {
        return meters.counter("payhook.processing.failures", "cause", cause);
    }

    /** doCatch's onWhen: true to dead-letter the message now, false to roll back for a redelivery. */
    @Override
    public boolean matches(Exchange exchange) {
        // doCatch may ask more than once about the same failure: judge, log and count it once
        Boolean verdict = exchange.getProperty(VERDICT, Boolean.class);
        if (verdict == null) {
            verdict = judge(exchange);
            exchange.setProperty(VERDICT, verdict);
        }
        return verdict;
    }

    private boolean judge(Exchange exchange) {
        Throwable failure = failure(exchange);
        if (isInfrastructure(failure)) {
            // counted and logged once for its whole batch, by BatchFailures
            return false;
        }
        if (causedBy(failure, UnknownReference.class)) {
            failures(meters, UNKNOWN_REFERENCE).increment();
            return true;
        }
        if (causedBy(failure, ApiFailure.class)) {
            // a thin notification's object could not be fetched: the provider's outage, not the
            // message's fault, so it is tried again (Retries) however long the outage lasts
            failures(meters, PROVIDER_API).increment();
            log.warn("Could not fetch a thin notification's object, trying again later: {}", detail(failure));
            return false;
        }
        failures(meters, MESSAGE).increment();
        if (causedBy(failure, UnparseablePayload.class)) {
            return true;
        }
        int attempt = attempt(exchange);
        log.warn("Processing failed (attempt {} of {})", attempt, maxAttempts, failure);
        return attempt >= maxAttempts;
    }

    /**
     * This message's attempt: the broker's delivery count of it, plus the attempts of the
     * copies before it when {@link Retries} put it back on the queue.
     */
    static int attempt(Exchange exchange) {
        Integer delivery = exchange.getIn().getHeader("JMSXDeliveryCount", Integer.class);
        Integer earlier = exchange.getIn().getHeader(Retries.FAILED_ATTEMPTS, Integer.class);
        return (earlier == null ? 0 : earlier) + (delivery == null ? 1 : delivery);
    }

    /** The exception being handled: still on the exchange while doCatch decides, in a property once caught. */
    static Throwable failure(Exchange exchange) {
        Throwable t = exchange.getException();
        return t != null ? t : exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
    }

    /**
     * What a person reads about a dead letter: the innermost of Payhook's own messages, not Camel's
     * wrappers around it ("order X is not registered"), nor the library failure under it, whose
     * message may quote a value of the request (Jackson's does); a failure with no message of
     * Payhook's names its type and says its message.
     */
    static String detail(Throwable failure) {
        if (failure == null) {
            return null;
        }
        Throwable ours = null;
        Throwable root = failure;
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t.getClass().getName().startsWith("dev.payhook.") && t.getMessage() != null) {
                ours = t;
            }
            root = t;
        }
        if (ours != null) {
            return ours.getMessage();
        }
        String message = root.getMessage() == null ? "" : root.getMessage();
        return root.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    }

    /** The reason recorded with a dead letter. */
    public static DeadLetterReason reason(Throwable failure) {
        for (Throwable c = failure; c != null; c = c.getCause()) {
            if (c instanceof UnknownReference unknown) {
                return unknown.reason();
            }
        }
        if (causedBy(failure, InvalidIdentifier.class)) {
            return DeadLetterReason.INVALID_IDENTIFIER;
        }
        if (causedBy(failure, TableContradictsObject.class)) {
            return DeadLetterReason.TABLE_CONTRADICTS_OBJECT;
        }
        return causedBy(failure, UnparseablePayload.class)
                ? DeadLetterReason.UNPARSEABLE
                : DeadLetterReason.PROCESSING_FAILED;
    }

    public static boolean isInfrastructure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof CannotGetJdbcConnectionException
                    || c instanceof CannotCreateTransactionException
                    || c instanceof DataAccessResourceFailureException
                    || c instanceof TransientDataAccessException
                    || c instanceof SQLTransientException
                    || c instanceof SQLRecoverableException
                    || c instanceof ConnectException) {
                return true;
            }
            if (c instanceof SQLException sql && sql.getSQLState() != null && isTransientState(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /** Connection loss (08), shutdown (57P), resource exhaustion (53), serialization and deadlock (40). */
    private static boolean isTransientState(String state) {
        return state.startsWith("08") || state.startsWith("57P") || state.startsWith("53") || state.startsWith("40");
    }

    private static boolean causedBy(Throwable t, Class<? extends Throwable> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
