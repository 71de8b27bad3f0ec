package dev.payhook.config;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Spring Boot's failure report for a {@link SetupFailure}: its problem as the description, its fix as the action. */
public class SetupFailureAnalyzer extends AbstractFailureAnalyzer<SetupFailure> {

    @Override
    protected FailureAnalysis analyze(Throwable root, SetupFailure cause) {
        return new FailureAnalysis(cause.problem(), cause.fix(), cause);
    }
}
