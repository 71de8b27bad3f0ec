package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Signed webhooks of each built-in provider, end to end: ingress, broker, processing, outbox. */
class ExactlyOnceTest extends GatewayTest {

    @Autowired
    ConnectionFactory connectionFactory;

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void aPaymentPaysTheOrderGrantsOnceAndPublishesOnce(TestProvider provider) throws Exception {
        String order = unique("ord");
        String event = unique("evt");
        String payment = unique("pay");
        assertThat(gateway.putOrder(order, 1050, "USD").status()).isEqualTo(201);

        try (Connection connection = connectionFactory.createConnection();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer subscriber = session.createConsumer(
                        session.createTopic("payhook.events"),
                        "PayhookKey = 'event:" + provider.id + ":" + event + "'")) {
            connection.start();
            Answer answer = gateway.deliver(
                    provider, event, provider.payment(event, payment, order, 1050, "USD", Instant.now()));
            assertThat(answer.status()).isEqualTo(200);

            TextMessage published = (TextMessage) subscriber.receive(DEADLINE.toMillis());
            assertThat(published).isNotNull();
            JsonNode normalized = JsonMapper.builder().build().readTree(published.getText());
            assertThat(normalized.path("type").asString()).isEqualTo("payment.succeeded");
            assertThat(normalized.path("order_id").asString()).isEqualTo(order);
            assertThat(normalized.path("amount_minor").asLong()).isEqualTo(1050);
            assertThat(normalized.path("currency").asString()).isEqualTo("USD");
        }

        JsonNode paid = awaitOrder(order, "paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(paid.path("payments")).hasSize(1);
        assertThat(paid.path("payments").get(0).path("provider_payment_id").asString())
                .isEqualTo(payment);
        assertThat(paid.path("payments").get(0).path("amount_minor").asLong()).isEqualTo(1050);
        awaitPublished(provider, event, 1);
        assertThat(receiptOutcomes(provider, event)).containsExactly("applied");
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void theSameEventThreeTimesInARowIsAppliedOnce(TestProvider provider) {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 2500, "EUR");
        byte[] body = provider.payment(event, unique("pay"), order, 2500, "EUR", Instant.now());

        for (int i = 0; i < 3; i++) {
            assertThat(gateway.deliver(provider, event, body).status()).isEqualTo(200);
            awaitReceipts(provider.id, event, i + 1);
        }

        assertThat(receiptOutcomes(provider, event)).containsExactlyInAnyOrder("applied", "duplicate", "duplicate");
        assertOnceApplied(provider, event, order);
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void theSameEventTwentyTimesConcurrentlyIsAppliedOnce(TestProvider provider) throws Exception {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 990, "GBP");
        byte[] body = provider.payment(event, unique("pay"), order, 990, "GBP", Instant.now());
        Map<String, String> headers = provider.sign(event, body);

        ExecutorService pool = Executors.newFixedThreadPool(20);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            answers.add(pool.submit(() -> {
                start.await();
                return gateway.webhook(provider, body, headers);
            }));
        }
        start.countDown();
        for (Future<Answer> a : answers) {
            assertThat(a.get().status()).isEqualTo(200);
        }
        pool.shutdown();

        awaitReceipts(provider.id, event, 20);
        List<String> outcomes = receiptOutcomes(provider, event);
        assertThat(outcomes).filteredOn("applied"::equals).hasSize(1);
        assertThat(outcomes).filteredOn("duplicate"::equals).hasSize(19);
        assertOnceApplied(provider, event, order);
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void aRefundAfterThePaymentIsAppliedNotSwallowed(TestProvider provider) {
        String order = unique("ord");
        String payment = unique("pay");
        gateway.putOrder(order, 4000, "USD");
        String paid = unique("evt");
        gateway.deliver(
                provider,
                paid,
                provider.payment(
                        paid, payment, order, 4000, "USD", Instant.now().minusSeconds(60)));
        awaitOrder(order, "paid");

        String partial = unique("evt");
        gateway.deliver(
                provider,
                partial,
                provider.refund(
                        partial,
                        payment,
                        unique("re"),
                        1000,
                        "USD",
                        Instant.now().minusSeconds(30)));
        JsonNode partly = awaitOrder(order, "partially_refunded");
        assertThat(partly.path("payments").get(0).path("refunded_minor").asLong())
                .isEqualTo(1000);
        assertThat(partly.path("entitlement").path("status").asString()).isEqualTo("active");

        String rest = unique("evt");
        gateway.deliver(provider, rest, provider.refund(rest, payment, unique("re"), 3000, "USD", Instant.now()));
        JsonNode refunded = awaitOrder(order, "refunded");
        assertThat(refunded.path("payments").get(0).path("refunded_minor").asLong())
                .isEqualTo(4000);
        assertThat(refunded.path("payments").get(0).path("status").asString()).isEqualTo("refunded");
        assertThat(refunded.path("entitlement").path("status").asString()).isEqualTo("revoked");
        assertThat(receiptOutcomes(provider, rest)).containsExactly("applied");
    }

    private void assertOnceApplied(TestProvider provider, String event, String order) {
        JsonNode paid = awaitOrder(order, "paid");
        assertThat(paid.path("payments")).hasSize(1);
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(count("SELECT count(*) FROM payment_events WHERE provider = ? AND event_id = ?", provider.id, event))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM entitlements WHERE order_id = ?", order))
                .isEqualTo(1);
        awaitPublished(provider, event, 1);
    }

    private void awaitPublished(TestProvider provider, String event, int n) {
        String key = "event:" + provider.id + ":" + event;
        await().atMost(DEADLINE)
                .until(() -> count("SELECT count(*) FROM outbox WHERE dedupe_key = ? AND published_at IS NOT NULL", key)
                        == n);
        assertThat(count("SELECT count(*) FROM outbox WHERE dedupe_key LIKE ?", key + "%"))
                .isEqualTo(n);
    }

    private List<String> receiptOutcomes(TestProvider provider, String event) {
        return jdbc.queryForList(
                "SELECT outcome FROM receipts WHERE provider = ? AND event_id = ?", String.class, provider.id, event);
    }
}
