package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;

/** Without the broker's acknowledgement the provider never gets a 2xx: it gets 503 and retries. */
@DirtiesContext
class BrokerOutageTest extends GatewayTest {

    @Autowired
    EmbeddedActiveMQ broker;

    @Test
    void aStoppedBrokerMeans503() throws Exception {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 500, "USD");
        TestProvider stripe = TestProvider.STRIPE;
        byte[] body = stripe.payment(event, unique("pay"), order, 500, "USD", Instant.now());

        broker.stop();
        Answer refused = gateway.deliver(stripe, event, body);

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.json().path("error").asString()).isEqualTo("broker_unavailable");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }
}
