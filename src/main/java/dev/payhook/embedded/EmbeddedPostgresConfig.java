package dev.payhook.embedded;

import com.zaxxer.hikari.HikariDataSource;
import dev.payhook.config.PayhookProperties;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Without {@code spring.datasource.url} Payhook runs its own PostgreSQL server, keeping its data
 * between runs, so one command starts the whole gateway on a bare machine. The server's own log goes
 * to a file beside its data directory; the gateway's log gets one line saying how to connect.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spring.datasource.url:}'.isEmpty()")
public class EmbeddedPostgresConfig {

    static final String DATABASE = "payhook";
    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresConfig.class);

    @Bean(destroyMethod = "close")
    EmbeddedPostgres embeddedPostgres(PayhookProperties properties) throws IOException {
        PayhookProperties.EmbeddedPostgres settings = properties.getEmbeddedPostgres();
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

    /** Its bean name makes it the {@code embeddedPostgres} component of /actuator/health. */
    @Bean
    PostmasterWatch embeddedPostgresHealthIndicator(EmbeddedPostgres postgres) throws SQLException {
        Path dataDir;
        try (Connection c = postgres.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            var rs = s.executeQuery("SHOW data_directory");
            rs.next();
            dataDir = Path.of(rs.getString(1));
        }
        ProcessHandle postmaster = Postmaster.running(dataDir)
                .orElseThrow(() -> new IllegalStateException("no postmaster found for " + dataDir));
        return new PostmasterWatch(postmaster, dataDir, postgres.getPort());
    }

    /** Pool settings come from {@code spring.datasource.hikari.*}, as for an external server. */
    @Bean(destroyMethod = "close")
    @ConfigurationProperties("spring.datasource.hikari")
    HikariDataSource dataSource(EmbeddedPostgres postgres) throws SQLException {
        createDatabaseIfAbsent(postgres);
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(postgres.getJdbcUrl("postgres", DATABASE));
        dataSource.setUsername("postgres");
        dataSource.setPoolName("payhook");
        return dataSource;
    }

    private static void requireFree(int port) {
        try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            probe.setReuseAddress(true);
        } catch (IOException e) {
            throw new IllegalStateException("payhook.embedded-postgres.port " + port + " is in use (another Payhook or "
                    + "PostgreSQL?): set another port, or 0 for any free one");
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
