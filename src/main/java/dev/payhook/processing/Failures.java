package dev.payhook.processing;

import dev.payhook.config.PayhookProperties;
import dev.payhook.provider.UnparseablePayload;
import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.stereotype.Component;

/**
 * Tells a message that fails on its own (dead-letter it after the configured attempts) from an
 * infrastructure failure (roll back and let the broker redeliver with capped backoff, for as long
 * as the outage lasts: never dead-lettered).
 */
@Component("failures")
public class Failures {

    private static final Logger log = LoggerFactory.getLogger(Failures.class);

    private final int maxAttempts;

    public Failures(PayhookProperties properties) {
        this.maxAttempts = properties.getProcessing().getMaxAttempts();
    }

    public boolean failsOnItsOwn(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        if (isInfrastructure(failure)) {
            log.warn("Infrastructure failure, the message will be redelivered: {}", failure.toString());
            return false;
        }
        if (causedBy(failure, UnparseablePayload.class)) {
            return true;
        }
        Integer delivery = exchange.getIn().getHeader("JMSXDeliveryCount", Integer.class);
        int attempt = delivery == null ? 1 : delivery;
        log.warn("Processing failed (attempt {} of {}): {}", attempt, maxAttempts, String.valueOf(failure));
        return attempt >= maxAttempts;
    }

    /** The reason recorded with a dead letter. */
    public static String reason(Throwable failure) {
        return causedBy(failure, UnparseablePayload.class) ? "unparseable" : "processing_failed";
    }

    static boolean isInfrastructure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof CannotGetJdbcConnectionException || c instanceof CannotCreateTransactionException
                    || c instanceof DataAccessResourceFailureException || c instanceof TransientDataAccessException
                    || c instanceof SQLTransientException || c instanceof SQLRecoverableException
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
