package dev.payhook.config;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalysisReporter;

/**
 * Prints why the start failed, and what to do, as the last thing on standard error, in lines as
 * written. Spring Boot's own reporter logs it, and the log pattern writes every line break inside a
 * message as {@code \n} (so that no request can start a log line): its report would be one line.
 */
public class FailureReport implements FailureAnalysisReporter {

    @Override
    public void report(FailureAnalysis analysis) {
        StringBuilder report = new StringBuilder()
                .append(System.lineSeparator())
                .append("***************************")
                .append(System.lineSeparator())
                .append("PAYHOOK FAILED TO START")
                .append(System.lineSeparator())
                .append("***************************")
                .append(System.lineSeparator())
                .append(System.lineSeparator())
                .append("Problem:")
                .append(System.lineSeparator())
                .append(System.lineSeparator())
                .append(analysis.getDescription().strip())
                .append(System.lineSeparator());
        if (analysis.getAction() != null) {
            report.append(System.lineSeparator())
                    .append("Fix:")
                    .append(System.lineSeparator())
                    .append(System.lineSeparator())
                    .append(analysis.getAction().strip())
                    .append(System.lineSeparator());
        }
        System.err.print(report);
        System.err.flush();
    }
}
