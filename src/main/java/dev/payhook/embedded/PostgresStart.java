package dev.payhook.embedded;

import dev.payhook.config.PayhookProperties;
import dev.payhook.config.SetupFailure;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * The embedded PostgreSQL server, started on a thread of its own as soon as the configuration is
 * read ({@link EmbeddedStartup}). The server is a separate process that takes about a second to
 * come up: started this way, that second passes while Spring reads the application's beans instead
 * of after. The beans that use it wait for it in {@link #server()}. It is stopped when the context
 * closes or fails to start, after every bean that uses it: the routes, the scheduler, the pool.
 */
final class PostgresStart implements DisposableBean {

    static final String DATABASE = "payhook";
    private static final Logger log = LoggerFactory.getLogger(PostgresStart.class);

    private final CompletableFuture<EmbeddedPostgres> server = new CompletableFuture<>();

    static PostgresStart begin(PayhookProperties.EmbeddedPostgres settings) {
        PostgresStart start = new PostgresStart();
        Thread thread = new Thread(
                () -> {
                    try {
                        start.server.complete(start(settings));
                    } catch (IOException | SQLException | RuntimeException e) {
                        start.server.completeExceptionally(e);
                    }
                },
                "embedded-postgres-start");
        thread.setDaemon(true);
        thread.start();
        return start;
    }

    /** The running server, once it has started; what stopped it from starting otherwise. */
    EmbeddedPostgres server() {
        try {
            return server.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw new IllegalStateException(
                    "The embedded PostgreSQL did not start: " + e.getCause().getMessage(), e);
        }
    }

    @Override
    public void destroy() throws IOException {
        EmbeddedPostgres started;
        try {
            started = server.join();
        } catch (CompletionException | CancellationException e) {
            return; // it never ran: nothing to stop
        }
        started.close();
    }

    private static EmbeddedPostgres start(PayhookProperties.EmbeddedPostgres settings)
            throws IOException, SQLException {
        boolean kept = !settings.getDataDir().isBlank();
        // a blank data-dir gives a throw-away server (tests), removed when the gateway stops
        Path dataDir = kept
                ? Path.of(settings.getDataDir()).toAbsolutePath().normalize()
                : Files.createTempDirectory("payhook-postgres-");
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                // zonky starts the server with -F (fsync off) and synchronous_commit off: a commit after
                // which Payhook acknowledges the message to the broker must be on disk, power loss or not
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                // zonky's own JVM hook would stop the server while the JMS consumers still run; Spring
                // closes it after them, once the routes, the scheduler and the pool have stopped
                .setRegisterShutdownHook(false)
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(!kept);
        Path logFile = null;
        if (kept) {
            Postmaster.stopOrphan(dataDir);
            logFile = dataDir.resolveSibling(dataDir.getFileName() + ".log");
            builder.setOutputRedirector(Redirect.appendTo(logFile.toFile()))
                    .setErrorRedirector(Redirect.appendTo(logFile.toFile()));
        }
        if (settings.getPort() > 0) {
            requireFree(settings.getPort());
            builder.setPort(settings.getPort());
        }
        EmbeddedPostgres postgres = builder.start();
        try {
            createDatabaseIfAbsent(postgres);
        } catch (SQLException | RuntimeException e) {
            postgres.close();
            throw e;
        }
        log.info(
                "Embedded PostgreSQL on 127.0.0.1:{}, data in {}{}; connect: psql -h 127.0.0.1 -p {} -U postgres {} "
                        + "(local connections need no password)",
                postgres.getPort(),
                dataDir,
                logFile == null ? " (removed at shutdown)" : ", its log in " + logFile,
                postgres.getPort(),
                DATABASE);
        return postgres;
    }

    private static void requireFree(int port) {
        try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            probe.setReuseAddress(true);
        } catch (IOException e) {
            throw new SetupFailure(
                    "payhook.embedded-postgres.port " + port + " is in use (another Payhook or PostgreSQL?)",
                    "set another port, or 0 for any free one");
        }
    }

    private static void createDatabaseIfAbsent(EmbeddedPostgres postgres) throws SQLException {
        try (Connection c = postgres.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'");
            if (!rs.next()) {
                s.execute("CREATE DATABASE " + DATABASE);
            }
        }
    }
}
