package dev.payhook.config;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalysisReporter;
import org.springframework.core.NestedExceptionUtils;

/**
 * Prints why the start failed, and what to do, as the last thing on standard error, in lines as
 * written. Spring Boot's own reporter logs it, and the log pattern writes every line break inside a
 * message as {@code \n} (so that no request can start a log line): its report would be one line.
 * A failure no analyzer explains gets a report too, from {@link #unlessReported}.
 */
public class FailureReport implements FailureAnalysisReporter {

    private static final int MAX_REASON = 400;

    /** Whether this process has printed a report: one start, one report. */
    private static volatile boolean printed;

    @Override
    public void report(FailureAnalysis analysis) {
        print(analysis.getDescription(), analysis.getAction());
    }

    /**
     * The report of a failure that no analyzer explained: what failed in one line, and where the
     * whole trace is. Spring Boot logged that trace ("Application run failed") just before.
     */
    public static void unlessReported(Throwable failure) {
        if (printed) {
            return;
        }
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(failure);
        print(
                "The gateway could not start: " + cause.getClass().getSimpleName() + ": "
                        + oneLine(Redaction.of(String.valueOf(cause.getMessage()))),
                "The log above ends with the whole trace (\"Application run failed\"). When it names a setting,"
                        + " a file or a port, correct that and start again; otherwise report it with that trace.");
    }

    /** {@code text} on one line and at most a few hundred characters, for a report. */
    static String oneLine(String text) {
        String line = text.replaceAll("\\s+", " ").strip();
        return line.length() > MAX_REASON ? line.substring(0, MAX_REASON) + " …" : line;
    }

    private static void print(String problem, String fix) {
        printed = true;
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
                .append(problem.strip())
                .append(System.lineSeparator());
        if (fix != null) {
            report.append(System.lineSeparator())
                    .append("Fix:")
                    .append(System.lineSeparator())
                    .append(System.lineSeparator())
                    .append(fix.strip())
                    .append(System.lineSeparator());
        }
        System.err.print(report);
        System.err.flush();
    }
}
