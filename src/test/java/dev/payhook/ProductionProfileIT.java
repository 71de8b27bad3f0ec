package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayProcess;
import dev.payhook.support.TestProvider;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The production topology's smoke test: the packaged jar in the standalone-broker profile, against a
 * PostgreSQL server of its own and the standalone Artemis that broker/run-artemis.sh fetches from Maven
 * Central and runs with broker/broker.xml. One webhook goes end to end: acknowledged, the order paid,
 * and the normalized event on the merchant's durable queue of that broker.
 */
class ProductionProfileIT {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final String BROKER_PASSWORD = "smoke-broker-secret";
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void oneWebhookEndToEndOnExternalPostgresAndStandaloneArtemis() throws Exception {
        int brokerPort = Gateway.freePort();
        Process broker = startBroker(brokerPort);
        try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().start()) {
            try (java.sql.Connection db = DriverManager.getConnection(postgres.getJdbcUrl("postgres", "postgres"));
                    Statement statement = db.createStatement()) {
                statement.execute("CREATE DATABASE payhook");
            }
            String brokerUrl = "tcp://127.0.0.1:" + brokerPort;
            try (GatewayProcess process = GatewayProcess.startJar(
                    dir,
                    Map.of(
                            "SPRING_DATASOURCE_URL",
                            postgres.getJdbcUrl("postgres", "payhook"),
                            "ARTEMIS_URL",
                            brokerUrl,
                            "ARTEMIS_PASSWORD",
                            BROKER_PASSWORD,
                            "PAYHOOK_EVENT_SUBSCRIBERS",
                            "smoke"),
                    "--spring.profiles.active=standalone-broker")) {
                Gateway gateway = process.gateway;

                assertThat(gateway.putOrder("ord-smoke", 1250, "EUR").status()).isEqualTo(201);
                byte[] body = STRIPE.payment("evt_smoke", "pi_smoke", "ord-smoke", 1250, "EUR", Instant.now());
                assertThat(gateway.deliver(STRIPE, "evt_smoke", body).status()).isEqualTo(200);

                await().atMost(DEADLINE)
                        .until(() -> gateway.order("ord-smoke").path("status").asString(), "paid"::equals);
                try (java.sql.Connection db = DriverManager.getConnection(postgres.getJdbcUrl("postgres", "payhook"));
                        Statement statement = db.createStatement();
                        var rs = statement.executeQuery(
                                "SELECT amount_minor FROM payments WHERE order_id = 'ord-smoke'")) {
                    assertThat(rs.next())
                            .as("the payment in the external database")
                            .isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(1250);
                }
                try (var factory = new ActiveMQConnectionFactory(brokerUrl, "payhook", BROKER_PASSWORD);
                        Connection connection = factory.createConnection();
                        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                        MessageConsumer consumer =
                                session.createConsumer(session.createQueue("payhook.events::payhook.events.smoke"))) {
                    connection.start();
                    TextMessage event = (TextMessage) consumer.receive(DEADLINE.toMillis());
                    assertThat(event)
                            .as("the normalized event on the standalone broker")
                            .isNotNull();
                    assertThat(event.getText()).contains("ord-smoke");
                }
            }
        } finally {
            broker.destroy();
            if (!broker.waitFor(60, TimeUnit.SECONDS)) {
                broker.destroyForcibly();
            }
        }
    }

    /** broker/run-artemis.sh, with its instance in the test's directory and its acceptor on a free port. */
    private Process startBroker(int port) throws Exception {
        Path log = dir.resolve("artemis.log");
        ProcessBuilder builder = new ProcessBuilder("bash", "broker/run-artemis.sh")
                .directory(new File(System.getProperty("user.dir")))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment()
                .putAll(Map.of(
                        "ARTEMIS_PASSWORD", BROKER_PASSWORD,
                        "ARTEMIS_INSTANCE", dir.resolve("artemis").toString(),
                        "ARTEMIS_PORT", Integer.toString(port),
                        "ARTEMIS_HTTP_PORT", Integer.toString(Gateway.freePort())));
        Process broker = builder.start();
        // the first run fetches the distribution from Maven Central
        await().atMost(Duration.ofMinutes(5))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    String text = Files.readString(log, StandardCharsets.UTF_8);
                    if (!broker.isAlive()) {
                        throw new IllegalStateException("broker/run-artemis.sh exited:\n" + text);
                    }
                    return text.contains("AMQ221007"); // "Server is now active"
                });
        return broker;
    }
}
