package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.EntitlementFault;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.jms.Message;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Several messages in one database and JMS transaction. With one consumer and the processing
 * route stopped while the webhooks arrive, the messages wait on payhook.inbound and the consumer
 * takes them as one batch when the route starts.
 */
@TestPropertySource(properties = "payhook.processing.consumers=1")
class BatchProcessingTest extends GatewayTest {

    private static final TestProvider PADDLE = TestProvider.PADDLE;

    @Autowired
    CamelContext camel;

    @Autowired
    JmsTemplate jms;

    @Autowired
    MeterRegistry meters;

    /** Registers the orders, delivers one payment each while processing is stopped; returns the event ids. */
    private List<String> queued(List<String> orders) throws Exception {
        camel.getRouteController().stopRoute("processing", 10, TimeUnit.SECONDS);
        List<String> events = new ArrayList<>();
        for (String order : orders) {
            String event = unique("evt");
            events.add(event);
            assertThat(gateway.deliver(
                                    PADDLE,
                                    event,
                                    PADDLE.payment(event, unique("pay"), order, 900, "USD", Instant.now()))
                            .status())
                    .isEqualTo(200);
        }
        return events;
    }

    private int copiesOnDlq(String receiptId) {
        return jms.browseSelected("payhook.dlq", "PayhookReceiptId = '" + receiptId + "'", (session, browser) -> {
            return Collections.list(browser.getEnumeration()).size();
        });
    }

    @Test
    void aPoisonMessageInTheMiddleOfABatchIsDeadLetteredAloneAndTheOthersApplyOnce() throws Exception {
        List<String> orders = List.of(unique("ord"), unique("ord"), unique("ord"), unique("ord"), unique("ord"));
        orders.forEach(order -> gateway.putOrder(order, 900, "USD"));
        String poisoned = orders.get(2);
        try (EntitlementFault bug = EntitlementFault.always(jdbc, poisoned, "RAISE EXCEPTION 'a bug in the adapter'")) {
            List<String> events = queued(orders);
            camel.getRouteController().startRoute("processing");

            for (int i : List.of(0, 1, 3, 4)) {
                awaitOrder(orders.get(i), "paid");
            }
            String poisonEvent = events.get(2);
            awaitReceipts("paddle", poisonEvent, 1);
            await().atMost(DEADLINE)
                    .until(() -> "dead_lettered"
                            .equals(jdbc.queryForObject(
                                    "SELECT outcome FROM receipts WHERE event_id = ?", String.class, poisonEvent)));

            // the four others in one transaction, which the poison did not roll back: now() is the
            // start of the transaction (a savepoint has no clock of its own)
            assertThat(count(
                            "SELECT count(DISTINCT updated_at) FROM orders WHERE order_id IN (?, ?, ?, ?)",
                            orders.get(0),
                            orders.get(1),
                            orders.get(3),
                            orders.get(4)))
                    .isEqualTo(1);
            for (int i : List.of(0, 1, 3, 4)) {
                assertThat(count("SELECT count(*) FROM payment_events WHERE event_id = ?", events.get(i)))
                        .isEqualTo(1);
            }
            // the poison alone: no effect, dead-lettered after its attempts, once, and after the others were paid
            assertThat(count("SELECT count(*) FROM processed_events WHERE event_id = ?", poisonEvent))
                    .isZero();
            assertThat(gateway.order(poisoned).path("status").asString()).isEqualTo("pending");
            String receipt =
                    jdbc.queryForObject("SELECT id::text FROM receipts WHERE event_id = ?", String.class, poisonEvent);
            assertThat(count("SELECT count(*) FROM dead_letters WHERE receipt_id = ?::uuid", receipt))
                    .isEqualTo(1);
            Message dead = jms.receiveSelected("payhook.dlq", "PayhookReceiptId = '" + receipt + "'");
            assertThat(dead.getIntProperty("PayhookAttempts")).isEqualTo(3);
            Timestamp lastPaid = jdbc.queryForObject(
                    "SELECT max(updated_at) FROM orders WHERE order_id IN (?, ?, ?, ?)",
                    Timestamp.class,
                    orders.get(0),
                    orders.get(1),
                    orders.get(3),
                    orders.get(4));
            Timestamp deadLettered = jdbc.queryForObject(
                    "SELECT created_at FROM dead_letters WHERE receipt_id = ?::uuid", Timestamp.class, receipt);
            assertThat(lastPaid).isBefore(deadLettered);
        }
    }

    @Test
    void aBatchThatFailsAsAWholeSendsNothingItsMessagesWouldHaveSent() throws Exception {
        String unknown = unique("ord");
        String order = unique("ord");
        gateway.putOrder(order, 900, "USD");
        double failures = meters.counter("payhook.processing.failures", "cause", "infrastructure")
                .count();
        // the second message meets a serialization failure once: an infrastructure failure, for the whole batch
        try (EntitlementFault outage =
                EntitlementFault.once(jdbc, order, "RAISE EXCEPTION 'injected' USING ERRCODE = '40001'")) {
            // the first message is dead-lettered at once (no such order), in the batch that then fails
            List<String> events = queued(List.of(unknown, order));
            camel.getRouteController().startRoute("processing");

            awaitOrder(order, "paid");
            awaitReceipts("paddle", events.get(0), 1);
            String receipt = jdbc.queryForObject(
                    "SELECT id::text FROM receipts WHERE event_id = ?", String.class, events.get(0));
            await().atMost(DEADLINE)
                    .until(() -> count("SELECT count(*) FROM dead_letters WHERE receipt_id = ?::uuid", receipt) == 1);
            assertThat(meters.counter("payhook.processing.failures", "cause", "infrastructure")
                            .count())
                    .isEqualTo(failures + 1);
            // the rolled-back batch's copy for payhook.dlq was never sent: one dead letter, one copy
            assertThat(copiesOnDlq(receipt)).isEqualTo(1);
            assertThat(count("SELECT count(*) FROM dead_letters WHERE receipt_id = ?::uuid", receipt))
                    .isEqualTo(1);
            assertThat(count("SELECT count(*) FROM payment_events WHERE event_id = ?", events.get(1)))
                    .isEqualTo(1);
        }
    }
}
