package dev.payhook.reconcile;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The sweep and the daily run on Spring's scheduler. Each instance schedules them; a PostgreSQL
 * session advisory lock, held on one connection for the whole run, lets only one instance run a
 * scheduled reconciliation at a time, and the others skip that turn.
 */
@Component
@ConditionalOnProperty(name = "payhook.reconcile.scheduled", havingValue = "true", matchIfMissing = true)
public class ScheduledRuns {

    private static final Logger log = LoggerFactory.getLogger(ScheduledRuns.class);
    /** The advisory lock's key: "PAYHOOK" in ASCII, shared by every instance on the database. */
    static final long LOCK = 0x5041_5948_4F4F_4BL;

    private final Reconciler reconciler;
    private final JdbcTemplate jdbc;

    public ScheduledRuns(Reconciler reconciler, JdbcTemplate jdbc) {
        this.reconciler = reconciler;
        this.jdbc = jdbc;
    }

    @Scheduled(
            initialDelayString = "${payhook.reconcile.sweep-interval:5m}",
            fixedDelayString = "${payhook.reconcile.sweep-interval:5m}")
    public void sweep() {
        exclusively("sweep", reconciler::sweep);
    }

    @Scheduled(cron = "${payhook.reconcile.daily-cron:0 30 3 * * *}", zone = "UTC")
    public void daily() {
        exclusively("daily run", reconciler::daily);
    }

    /** Runs {@code work} unless another instance holds the lock; true when it ran here. */
    boolean exclusively(String what, Runnable work) {
        Boolean ran = jdbc.execute((ConnectionCallback<Boolean>) connection -> {
            if (!advisory(connection, "SELECT pg_try_advisory_lock(?)")) {
                log.info("Reconciliation {} skipped: another instance is running one", what);
                return false;
            }
            try {
                work.run();
                return true;
            } finally {
                advisory(connection, "SELECT pg_advisory_unlock(?)");
            }
        });
        return Boolean.TRUE.equals(ran);
    }

    private static boolean advisory(Connection connection, String sql) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setLong(1, LOCK);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }
}
