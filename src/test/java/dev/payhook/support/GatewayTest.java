package dev.payhook.support;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The whole gateway in the test JVM: embedded PostgreSQL (throw-away), embedded Artemis with a
 * persistent journal in a fresh directory, the routes of routes/, the config of config/application.yml.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "payhook.embedded-postgres.data-dir=",
        "spring.artemis.embedded.data-directory=target/artemis-${random.uuid}",
        "payhook.ops.token=" + Gateway.OPS_TOKEN,
        "payhook.outbox.poll-interval=50ms",
        "payhook.processing.max-attempts=3",
        "payhook.products.paddle.pro_01test000000000000000000=book-1",
        "payhook.products.dodo.pdt_T3stProduct=book-1"
})
public abstract class GatewayTest {

    protected static final Duration DEADLINE = Duration.ofSeconds(30);

    @LocalServerPort
    protected int port;

    @Autowired
    protected JdbcTemplate jdbc;

    protected Gateway gateway;

    /** Both secrets of every provider, so rotation is exercised everywhere. */
    @DynamicPropertySource
    static void providerSecrets(DynamicPropertyRegistry registry) {
        for (TestProvider p : TestProvider.values()) {
            registry.add("payhook.providers." + p.id + ".secrets[0]", () -> p.secret);
            registry.add("payhook.providers." + p.id + ".secrets[1]", () -> p.previousSecret);
        }
    }

    @BeforeEach
    void connect() {
        gateway = new Gateway(port);
    }

    protected static String unique(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    protected JsonNode awaitOrder(String orderId, String status) {
        await().atMost(DEADLINE).until(() -> status.equals(gateway.order(orderId).path("status").asString()));
        return gateway.order(orderId);
    }

    protected int count(String sql, Object... args) {
        Integer n = jdbc.queryForObject(sql, Integer.class, args);
        return n == null ? 0 : n;
    }

    protected void awaitReceipts(String provider, String eventId, int n) {
        await().atMost(DEADLINE).until(() -> count(
                "SELECT count(*) FROM receipts WHERE provider = ? AND event_id = ? AND outcome <> 'received'",
                provider, eventId) == n);
    }
}
