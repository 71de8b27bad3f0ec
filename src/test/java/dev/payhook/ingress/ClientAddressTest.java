package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The evidence's source address behind a load balancer: the test gateway trusts the loopback
 * address as its proxy (payhook.ingress.trusted-proxies), so the client a trusted hop names is
 * recorded, and a hop the client wrote itself is not believed.
 */
class ClientAddressTest extends GatewayTest {

    @Test
    void theEvidenceRecordsTheClientTheTrustedProxyNames() {
        String event = unique("evt");
        byte[] body = TestProvider.STRIPE.payment(event, unique("pi"), unique("ord"), 1000, "EUR", Instant.now());
        Map<String, String> headers = new HashMap<>(TestProvider.STRIPE.sign(event, body));
        headers.put("X-Forwarded-For", "198.51.100.99, 203.0.113.7");

        assertThat(gateway.webhook(TestProvider.STRIPE, body, headers).status()).isEqualTo(200);

        await().atMost(DEADLINE).until(() -> count("SELECT count(*) FROM receipts WHERE event_id = ?", event) == 1);
        assertThat(jdbc.queryForObject("SELECT source_ip FROM receipts WHERE event_id = ?", String.class, event))
                .isEqualTo("203.0.113.7");
    }
}
