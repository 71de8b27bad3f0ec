package dev.payhook.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.json.JsonMapper;

/**
 * A merchant consumer of payhook.events named in payhook.events.subscribers gets what was
 * published while it was down: its durable queue kept it.
 */
class DurableSubscriberTest extends GatewayTest {

    @Autowired
    ConnectionFactory connectionFactory;

    @Test
    void aConsumerThatWasDownGetsTheEventsItMissed() throws Exception {
        TestProvider stripe = TestProvider.STRIPE;
        String queue = EventSubscribers.fullyQualified(SUBSCRIBER);

        String seen = unique("evt");
        String seenOrder = unique("ord");
        gateway.putOrder(seenOrder, 300, "USD");
        try (Connection connection = connectionFactory.createConnection();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer = session.createConsumer(session.createQueue(queue), selector(seen))) {
            connection.start();
            gateway.deliver(stripe, seen, stripe.payment(seen, unique("pay"), seenOrder, 300, "USD", Instant.now()));
            assertThat(consumer.receive(DEADLINE.toMillis()))
                    .as("while connected")
                    .isNotNull();
        }

        // the consumer is down: the event is published to nobody connected
        String missed = unique("evt");
        String missedOrder = unique("ord");
        gateway.putOrder(missedOrder, 400, "USD");
        gateway.deliver(stripe, missed, stripe.payment(missed, unique("pay"), missedOrder, 400, "USD", Instant.now()));
        await().atMost(DEADLINE)
                .until(() -> count(
                                "SELECT count(*) FROM outbox WHERE dedupe_key = ? AND published_at IS NOT NULL",
                                "event:stripe:" + missed)
                        == 1);

        try (Connection connection = connectionFactory.createConnection();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer = session.createConsumer(session.createQueue(queue), selector(missed))) {
            connection.start();
            TextMessage kept = (TextMessage) consumer.receive(DEADLINE.toMillis());
            assertThat(kept).as("kept while the consumer was down").isNotNull();
            assertThat(JsonMapper.builder()
                            .build()
                            .readTree(kept.getText())
                            .path("data")
                            .path("order_id")
                            .asString())
                    .isEqualTo(missedOrder);
        }
    }

    private static String selector(String eventId) {
        return "PayhookKey = 'event:stripe:" + eventId + "'";
    }
}
