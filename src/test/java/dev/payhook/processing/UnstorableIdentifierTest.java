package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import tools.jackson.databind.JsonNode;

/**
 * An accepted delivery whose ids PostgreSQL cannot store or index (a NUL, a huge id) never vanishes:
 * its receipt is written with a readable copy of the ids beside the exact bytes, and it is
 * dead-lettered at once with a precise reason, an alert and a metric.
 */
class UnstorableIdentifierTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Autowired
    JmsTemplate jms;

    @Autowired
    MeterRegistry meters;

    @Test
    void aNulInTheEventIdIsDeadLetteredWithItsReceipt() throws JMSException {
        String event = unique("evt") + "\\u0000x";
        assertVisibleAndDeadLettered(
                event,
                unique("ord"),
                event.replace("\\u0000", "\uFFFD"),
                "event id contains the control character U+0000");
    }

    @Test
    void aNulInTheOrderIdIsDeadLetteredWithItsReceipt() throws JMSException {
        String event = unique("evt");
        assertVisibleAndDeadLettered(event, "ord\\u0000evil", event, "order id contains the control character U+0000");
    }

    @Test
    void anEventIdLongerThanAnyColumnIsDeadLetteredAtOnce() throws JMSException {
        for (int length : new int[] {600, 200_000}) {
            String prefix = unique("evt");
            String event = prefix + "x".repeat(length - prefix.length());
            String recorded = event.substring(0, 254) + "\u2026";
            assertVisibleAndDeadLettered(event, unique("ord"), recorded, "event id is " + length + " characters long");
        }
    }

    private void assertVisibleAndDeadLettered(
            String eventInJson, String orderInJson, String recordedEventId, String detail) throws JMSException {
        double before = deadLettered();
        byte[] body = STRIPE.payment(eventInJson, unique("pay"), orderInJson, 100, "USD", Instant.now());
        assertThat(gateway.deliver(STRIPE, eventInJson, body).status()).isEqualTo(200);

        JsonNode dead = awaitDeadLetter("stripe", recordedEventId);
        assertThat(dead.path("reason").asString()).isEqualTo("invalid_identifier");
        assertThat(dead.path("detail").asString()).contains(detail);

        JsonNode receipts = gateway.get("/ops/receipts?provider=stripe&event_id="
                        + URLEncoder.encode(recordedEventId, StandardCharsets.UTF_8))
                .json();
        assertThat(receipts).hasSize(1);
        assertThat(receipts.get(0).path("outcome").asString()).isEqualTo("dead_lettered");
        assertThat(receipts.get(0).path("reason").asString()).isEqualTo("invalid_identifier");
        JsonNode evidence = gateway.get(
                        "/ops/receipts/" + receipts.get(0).path("id").asString())
                .json();
        assertThat(Base64.getDecoder().decode(evidence.path("body_base64").asString()))
                .isEqualTo(body);

        String id = dead.path("id").asString();
        jms.setReceiveTimeout(DEADLINE.toMillis());
        Message copy = jms.receiveSelected("payhook.dlq", DeadLetters.ID_HEADER + " = '" + id + "'");
        assertThat(copy).as("the message's copy on payhook.dlq").isNotNull();
        assertThat(copy.getIntProperty(DeadLetters.ATTEMPTS_HEADER))
                .as("dead-lettered at the first delivery")
                .isEqualTo(1);
        assertThat(jms.receiveSelected("payhook.alerts", "PayhookKey = 'alert:invalid_identifier:" + id + "'"))
                .isNotNull();
        assertThat(deadLettered()).isEqualTo(before + 1);
        assertThat(count(
                        "SELECT count(*) FROM processed_events WHERE provider = 'stripe' AND event_id = ?",
                        recordedEventId))
                .isZero();
    }

    private double deadLettered() {
        var counter = meters.find("payhook.processing.dead_lettered")
                .tags("provider", "stripe", "reason", "invalid_identifier")
                .counter();
        return counter == null ? 0 : counter.count();
    }
}
