package dev.payhook.store;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The database's health ({@code db}) within {@link #TIMEOUT}: a database that does not answer (a
 * frozen server, a network that drops packets) is DOWN with that reason at once, instead of the
 * health call hanging on the socket as Spring Boot's own indicator does. One check runs at a time;
 * a call while it still hangs waits for that same one.
 */
@Component("dbHealthIndicator")
class DatabaseHealth implements HealthIndicator, DisposableBean {

    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final DataSource dataSource;
    private final ExecutorService checker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "payhook-db-health");
        t.setDaemon(true);
        return t;
    });
    private Future<Health> running;

    DatabaseHealth(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public Health health() {
        Future<Health> check;
        synchronized (this) {
            if (running == null || running.isDone()) {
                running = checker.submit(this::check);
            }
            check = running;
        }
        try {
            return check.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return Health.down()
                    .withDetail("reason", "the database did not answer within " + TIMEOUT.toSeconds() + " s")
                    .build();
        } catch (ExecutionException e) {
            return Health.down()
                    .withDetail("reason", String.valueOf(e.getCause().getMessage()))
                    .build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Health.unknown().build();
        }
    }

    private Health check() throws Exception {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("SELECT 1");
            return Health.up()
                    .withDetail("database", connection.getMetaData().getDatabaseProductName())
                    .build();
        }
    }

    @Override
    public void destroy() {
        checker.shutdownNow();
    }
}
