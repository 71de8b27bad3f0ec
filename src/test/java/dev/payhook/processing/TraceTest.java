package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.outbox.EventSubscribers;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** One trace id from the provider's request header to the receipt, the log lines, a replay and the outbox messages. */
@ExtendWith(OutputCaptureExtension.class)
class TraceTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Autowired
    ConnectionFactory connectionFactory;

    @Test
    void theProvidersTraceparentFollowsTheDeliveryThroughADeadLetterAndItsReplay(CapturedOutput output)
            throws Exception {
        String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        String traceparent = "00-" + traceId + "-00f067aa0ba902b7-01";
        String order = unique("ord");
        String event = unique("evt");
        byte[] body = STRIPE.payment(event, unique("pay"), order, 900, "USD", Instant.now());

        assertThat(deliver(event, body, traceparent)).isEqualTo(200);
        String deadLetter = awaitDeadLetter("stripe", event).path("id").asString();

        assertThat(jdbc.queryForObject("SELECT trace_id FROM receipts WHERE event_id = ?", String.class, event))
                .isEqualTo(traceparent);
        await().atMost(DEADLINE)
                .until(() -> output.getAll()
                        .lines()
                        .anyMatch(line -> line.contains("Dead-lettered receipt") && line.contains(traceId)));
        assertThat(publishedTrace("payhook.alerts", "alert:unknown_order:" + deadLetter))
                .as("the alert")
                .isEqualTo(traceparent);

        gateway.putOrder(order, 900, "USD");
        assertThat(gateway.call("POST", "/ops/dead-letters/" + deadLetter + "/replay", null)
                        .status())
                .isEqualTo(202);
        awaitOrder(order, "paid");
        assertThat(publishedTrace(EventSubscribers.fullyQualified(SUBSCRIBER), "event:stripe:" + event))
                .as("the normalized event, after the replay")
                .isEqualTo(traceparent);
    }

    @Test
    void withoutAValidTraceparentTheDeliveryStartsItsOwnTrace() {
        String event = unique("evt");
        String order = unique("ord");
        gateway.putOrder(order, 100, "USD");
        byte[] body = STRIPE.payment(event, unique("pay"), order, 100, "USD", Instant.now());

        assertThat(deliver(event, body, "00-not-a-trace")).isEqualTo(200);
        awaitOrder(order, "paid");

        String kept = jdbc.queryForObject("SELECT trace_id FROM receipts WHERE event_id = ?", String.class, event);
        assertThat(kept).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01").isNotEqualTo("00-not-a-trace");
    }

    private int deliver(String event, byte[] body, String traceparent) {
        Map<String, String> headers = new HashMap<>(STRIPE.sign(event, body));
        headers.put("traceparent", traceparent);
        return gateway.webhook(STRIPE, body, headers).status();
    }

    /** The traceparent property of the outbox message with this dedupe key, taken off {@code queue}. */
    private String publishedTrace(String queue, String key) throws Exception {
        try (Connection connection = connectionFactory.createConnection();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer =
                        session.createConsumer(session.createQueue(queue), "PayhookKey = '" + key + "'")) {
            connection.start();
            Message message = consumer.receive(DEADLINE.toMillis());
            assertThat(message).as(key + " on " + queue).isNotNull();
            return message.getStringProperty("traceparent");
        }
    }
}
