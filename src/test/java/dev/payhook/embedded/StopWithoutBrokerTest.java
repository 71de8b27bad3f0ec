package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayProcess;
import dev.payhook.support.StandaloneBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A gateway asked to stop (SIGTERM) while its standalone broker is gone stops within its shutdown
 * phase's timeout (30 s, Kubernetes' default grace period too), as a service manager waits for it, instead of reconnecting for ever;
 * what it could not publish goes out after the next start.
 */
class StopWithoutBrokerTest {

    /** Spring's spring.lifecycle.timeout-per-shutdown-phase, which the gateway does not change. */
    private static final Duration SHUTDOWN_PHASE = Duration.ofSeconds(30);

    private static final Duration GONE_FOR = Duration.ofSeconds(2);

    @Test
    void sigtermWithTheBrokerKilledEndsTheProcessInTimeAndLosesNothing() throws Exception {
        Path data = Files.createTempDirectory("payhook-stop");
        int port;
        try (StandaloneBroker broker = StandaloneBroker.start(data.resolve("broker"));
                GatewayProcess gateway = GatewayProcess.start(data, brokerAt(broker.url()))) {
            port = broker.port;
            broker.kill();
            // messages to publish while the broker is gone: the outbox's sends wait on the reconnection
            try (Connection db = DriverManager.getConnection(gateway.jdbcUrl(), "postgres", "")) {
                db.createStatement()
                        .execute("INSERT INTO outbox (destination, kind, dedupe_key, payload) SELECT 'payhook.events', "
                                + "'order.paid', 'stop-test-' || n, '{}'::jsonb FROM generate_series(1, 20) n");
            }
            // long enough for the outbox to be sending, and every client of the broker reconnecting
            Thread.sleep(GONE_FOR.toMillis());

            long asked = System.nanoTime();
            boolean stopped = gateway.stopWithin(SHUTDOWN_PHASE);
            Duration took = Duration.ofNanos(System.nanoTime() - asked);

            assertThat(stopped)
                    .as("stopped within " + SHUTDOWN_PHASE + ", took " + took)
                    .isTrue();
        }

        // the broker back where it was: what was not published goes out after the next start
        try (StandaloneBroker broker = StandaloneBroker.start(data.resolve("broker-again"), port);
                GatewayProcess gateway = GatewayProcess.start(data, brokerAt(broker.url()));
                Connection db = DriverManager.getConnection(gateway.jdbcUrl(), "postgres", "")) {
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                try (ResultSet rs = db.createStatement()
                        .executeQuery("SELECT count(*) FROM outbox WHERE dedupe_key LIKE 'stop-test-%' "
                                + "AND published_at IS NOT NULL")) {
                    return rs.next() && rs.getInt(1) == 20;
                }
            });
        }
    }

    private static String[] brokerAt(String url) {
        return new String[] {
            "--spring.artemis.mode=native",
            "--spring.artemis.embedded.enabled=false",
            // what docker-compose.yml shows for a standalone broker: reconnect for ever
            "--spring.artemis.broker-url=" + url + "?reconnectAttempts=-1",
            "--spring.artemis.user=",
            "--spring.artemis.password="
        };
    }
}
