package dev.payhook.support;

import dev.payhook.outbox.EventSubscribers;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The test merchant's durable queue on payhook.events ({@link GatewayTest#SUBSCRIBER}), read as its consumer would. */
public final class MerchantQueue {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private MerchantQueue() {}

    /** An order's messages: those keyed {@code order:<id>:<version>}. */
    public static String ofOrder(String orderId) {
        return "PayhookKey LIKE 'order:" + orderId + ":%'";
    }

    /**
     * The first {@code n} messages matching {@code selector} whose JSON is {@code ours}, in the order the
     * queue gives them; fewer when the deadline passes first. Those taken are consumed.
     */
    public static List<JsonNode> take(
            ConnectionFactory broker, String selector, Predicate<JsonNode> ours, int n, Duration deadline)
            throws JMSException {
        List<JsonNode> taken = new ArrayList<>();
        long end = System.nanoTime() + deadline.toNanos();
        try (Connection connection = broker.createConnection();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer = session.createConsumer(
                        session.createQueue(EventSubscribers.fullyQualified(GatewayTest.SUBSCRIBER)), selector)) {
            connection.start();
            while (taken.size() < n) {
                long left = (end - System.nanoTime()) / 1_000_000;
                TextMessage m = left <= 0 ? null : (TextMessage) consumer.receive(left);
                if (m == null) {
                    break;
                }
                JsonNode json = JSON.readTree(m.getText());
                if (ours.test(json)) {
                    taken.add(json);
                }
            }
        }
        return taken;
    }
}
