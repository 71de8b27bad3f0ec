package dev.payhook.config;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.env.Environment;

/**
 * The embedded broker that cannot start (its data directory not a folder, not writable, or held)
 * stops the start with the directory and what the broker said, not a stack trace.
 */
public class BrokerFailureAnalyzer implements FailureAnalyzer {

    /** Spring Boot's bean of the embedded Artemis server. */
    private static final String EMBEDDED_BROKER = "embeddedActiveMq";

    private final Environment environment;

    public BrokerFailureAnalyzer(Environment environment) {
        this.environment = environment;
    }

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BeanCreationException created && EMBEDDED_BROKER.equals(created.getBeanName())) {
                String dir = environment.getProperty("spring.artemis.embedded.data-directory", "(a temporary folder)");
                return new FailureAnalysis(
                        "The embedded broker could not start in " + dir + ": "
                                + FailureReport.oneLine(String.valueOf(NestedExceptionUtils.getMostSpecificCause(t)
                                        .getMessage())),
                        "Give spring.artemis.embedded.data-directory (SPRING_ARTEMIS_EMBEDDED_DATA_DIRECTORY) a folder"
                                + " this user can write and no other running Payhook uses, or point the gateway at a"
                                + " standalone broker (docs/production.md). The gateway did not start.",
                        failure);
            }
        }
        return null;
    }
}
