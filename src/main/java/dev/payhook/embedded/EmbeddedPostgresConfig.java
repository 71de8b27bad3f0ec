package dev.payhook.embedded;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Without {@code spring.datasource.url} Payhook runs its own PostgreSQL server, keeping its data
 * between runs, so one command starts the whole gateway on a bare machine. {@link EmbeddedStartup}
 * has begun starting it before this configuration is read; the beans here wait for it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBean(PostgresStart.class) // registered by EmbeddedStartup before any configuration is read
public class EmbeddedPostgresConfig {

    /** {@link PostgresStart} stops it, after every bean that uses it. */
    @Bean(destroyMethod = "")
    EmbeddedPostgres embeddedPostgres(PostgresStart start) {
        return start.server();
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
    HikariDataSource dataSource(EmbeddedPostgres postgres) {
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(postgres.getJdbcUrl("postgres", PostgresStart.DATABASE));
        dataSource.setUsername("postgres");
        dataSource.setPoolName("payhook");
        return dataSource;
    }
}
