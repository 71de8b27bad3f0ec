package dev.payhook.config;

import java.sql.SQLException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.env.Environment;

/**
 * A database the gateway cannot connect to or log in to (SQLSTATE classes 08 and 28) stops the
 * start with where it looked and what the driver said, not a stack trace through every bean that
 * needed it.
 */
public class DatabaseFailureAnalyzer implements FailureAnalyzer {

    private final Environment environment;

    public DatabaseFailureAnalyzer(Environment environment) {
        this.environment = environment;
    }

    @Override
    public FailureAnalysis analyze(Throwable failure) {
        SQLException refused = null;
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLException sql
                    && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("28"))) {
                refused = sql;
            }
        }
        if (refused == null) {
            return null;
        }
        String url = environment.getProperty("spring.datasource.url", "");
        String where = url.isBlank() ? "the embedded PostgreSQL" : Redaction.of(url);
        return new FailureAnalysis(
                "The database at " + where + " refused the gateway: "
                        + FailureReport.oneLine(Redaction.of(refused.getMessage())),
                "Check spring.datasource.url, .username and .password (SPRING_DATASOURCE_URL, ..), that PostgreSQL runs"
                        + " and takes connections from this host; or unset spring.datasource.url for the embedded"
                        + " database. The gateway did not start.",
                failure);
    }
}
