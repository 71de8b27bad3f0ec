package dev.payhook.processing;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A batch of payhook.inbound that failed as a whole, rolled back for the broker to redeliver: an
 * outage of the database or the broker (counted as cause=infrastructure, once per batch), or a
 * failure no message's own handling caught.
 */
@Component("batchFailures")
public class BatchFailures implements ExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(BatchFailures.class);

    private final MeterRegistry meters;

    public BatchFailures(MeterRegistry meters) {
        this.meters = meters;
    }

    @Override
    public void handleException(Throwable exception) {
        handleException("A batch failed", null, exception);
    }

    @Override
    public void handleException(String message, Throwable exception) {
        handleException(message, null, exception);
    }

    @Override
    public void handleException(String message, Exchange exchange, Throwable exception) {
        if (Failures.isInfrastructure(exception)) {
            Failures.failures(meters, Failures.INFRASTRUCTURE).increment();
            log.warn("Infrastructure failure. {}: {}", message, Failures.detail(exception));
        } else {
            Failures.failures(meters, Failures.BATCH).increment();
            log.error("{}", message, exception);
        }
    }
}
