package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.broker.Envelope;
import dev.payhook.store.ReceiptStore;
import dev.payhook.support.EntitlementFault;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import io.micrometer.core.instrument.MeterRegistry;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jakarta.jms.Message;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jms.core.JmsTemplate;

/** Crashes, poison messages and a database outage: nothing lost, nothing applied twice. */
class FailureRecoveryTest extends GatewayTest {

    @Autowired
    EmbeddedPostgres postgres;

    @Autowired
    JmsTemplate jms;

    @Autowired
    MeterRegistry meters;

    @Autowired
    EmbeddedActiveMQ broker;

    @Autowired
    ProducerTemplate producer;

    @Autowired
    ReceiptStore receipts;

    @Test
    void aCrashBetweenThePaymentAndTheEntitlementIsCompletedByTheRedelivery() {
        String order = unique("ord");
        String event = unique("evt");
        String payment = unique("pay");
        gateway.putOrder(order, 700, "USD");
        try (EntitlementFault crash =
                EntitlementFault.once(jdbc, order, "RAISE EXCEPTION 'injected crash before the entitlement'")) {
            TestProvider stripe = TestProvider.STRIPE;
            assertThat(gateway.deliver(stripe, event, stripe.payment(event, payment, order, 700, "USD", Instant.now()))
                            .status())
                    .isEqualTo(200);

            awaitOrder(order, "paid");
            assertThat(crash.inserts()).isGreaterThanOrEqualTo(2);
            assertThat(count("SELECT count(*) FROM payments WHERE provider_payment_id = ?", payment))
                    .isEqualTo(1);
            assertThat(count("SELECT count(*) FROM payment_events WHERE event_id = ?", event))
                    .isEqualTo(1);
            assertThat(gateway.order(order).path("entitlement").path("status").asString())
                    .isEqualTo("active");
            assertThat(jdbc.queryForList("SELECT outcome FROM receipts WHERE event_id = ?", String.class, event))
                    .containsExactly("applied");
        }
    }

    /**
     * A crash after the commit and before the JMS acknowledgement: the broker delivers the same
     * message again, under the same receipt. Nothing is applied twice, and the evidence keeps
     * saying that this delivery applied the event.
     */
    @Test
    void aRedeliveryAfterTheCommitChangesNothingAndTheReceiptStaysApplied() {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 900, "USD");
        TestProvider stripe = TestProvider.STRIPE;
        gateway.deliver(stripe, event, stripe.payment(event, unique("pay"), order, 900, "USD", Instant.now()));
        awaitOrder(order, "paid");
        UUID receipt = jdbc.queryForObject("SELECT id FROM receipts WHERE event_id = ?", UUID.class, event);

        Queue inbound = broker.getActiveMQServer().locateQueue("payhook.inbound");
        long acknowledged = inbound.getMessagesAcknowledged();
        Envelope envelope = receipts.envelope(receipt).orElseThrow();
        producer.send(Replayer.INBOUND, exchange -> envelope.writeTo(exchange.getIn()));
        await().atMost(DEADLINE)
                .until(() -> inbound.getMessagesAcknowledged() > acknowledged && inbound.getMessageCount() == 0);

        assertThat(jdbc.queryForMap("SELECT outcome, reason FROM receipts WHERE id = ?", receipt))
                .containsEntry("outcome", "applied")
                .containsEntry("reason", null);
        assertThat(jdbc.queryForList("SELECT outcome FROM receipt_events WHERE receipt_id = ?", String.class, receipt))
                .containsExactly("applied");
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ?", event))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM payment_events WHERE event_id = ?", event))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM entitlements WHERE order_id = ?", order))
                .isEqualTo(1);
    }

    @Test
    void anUnparseableMessageIsDeadLetteredAtOnceWithItsReason() {
        String event = unique("evt");
        byte[] body = ("{\"id\":\"" + event + "\",\"object\":\"event\",\"created\":1764472000}")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(gateway.deliver(TestProvider.STRIPE, event, body).status()).isEqualTo(200);

        awaitReceipts("stripe", event, 1);
        Map<String, Object> receipt =
                jdbc.queryForMap("SELECT id, outcome, reason FROM receipts WHERE event_id = ?", event);
        assertThat(receipt).containsEntry("outcome", "dead_lettered").containsEntry("reason", "unparseable");
        assertThat(count(
                        "SELECT count(*) FROM dead_letters WHERE receipt_id = ? AND reason = 'unparseable'",
                        receipt.get("id")))
                .isEqualTo(1);
        Message dead = receiveDeadLetter(receipt.get("id").toString());
        assertThat(dead).isNotNull();
    }

    @Test
    void aMessageThatKeepsFailingOnItsOwnIsDeadLetteredAfterMaxAttempts() throws Exception {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 300, "USD");
        try (EntitlementFault bug = EntitlementFault.always(jdbc, order, "RAISE EXCEPTION 'a bug'")) {
            TestProvider paddle = TestProvider.PADDLE;
            gateway.deliver(paddle, event, paddle.payment(event, unique("pay"), order, 300, "USD", Instant.now()));

            awaitReceipts("paddle", event, 1);
            Map<String, Object> receipt =
                    jdbc.queryForMap("SELECT id, outcome, reason FROM receipts WHERE event_id = ?", event);
            assertThat(receipt).containsEntry("outcome", "dead_lettered").containsEntry("reason", "processing_failed");
            assertThat(receiveDeadLetter(receipt.get("id").toString()).getIntProperty("PayhookAttempts"))
                    .isEqualTo(3);
            assertThat(count("SELECT count(*) FROM processed_events WHERE event_id = ?", event))
                    .isZero();
            assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        }
    }

    @Test
    void duringADatabaseOutageProvidersGet2xxAndEventsApplyOnceItIsBack() {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 1500, "USD");
        JdbcTemplate admin = new JdbcTemplate(postgres.getPostgresDatabase());
        double before = infrastructureFailures();
        admin.execute("ALTER DATABASE payhook ALLOW_CONNECTIONS false");
        try {
            admin.queryForList("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'payhook'");
            TestProvider dodo = TestProvider.DODO;
            assertThat(gateway.deliver(
                                    dodo, event, dodo.payment(event, unique("pay"), order, 1500, "USD", Instant.now()))
                            .status())
                    .isEqualTo(200);
            await().atMost(DEADLINE).until(() -> infrastructureFailures() >= before + 3);
        } finally {
            admin.execute("ALTER DATABASE payhook ALLOW_CONNECTIONS true");
        }

        awaitOrder(order, "paid");
        assertThat(jdbc.queryForList("SELECT outcome FROM receipts WHERE event_id = ?", String.class, event))
                .containsExactly("applied");
        assertThat(count(
                        "SELECT count(*) FROM dead_letters d JOIN receipts r ON r.id = d.receipt_id WHERE r.event_id = ?",
                        event))
                .isZero();
    }

    private double infrastructureFailures() {
        var counter = meters.find("payhook.processing.failures")
                .tag("cause", "infrastructure")
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private Message receiveDeadLetter(String receiptId) {
        jms.setReceiveTimeout(10_000);
        return jms.receiveSelected("payhook.dlq", "PayhookReceiptId = '" + receiptId + "'");
    }
}
