package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.broker.Destination;
import dev.payhook.config.IngressProperties;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerMessagePlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A broker that stalls instead of refusing (a full disk, a journal that stops syncing) must not
 * hold a provider's request past payhook.ingress.send-timeout: the provider gets 503 in time and
 * retries, never a late 2xx.
 */
class BrokerStallTest extends GatewayTest {

    /** Room for a loaded CI machine to schedule the answer once the send gave up. */
    private static final Duration SLACK = Duration.ofSeconds(3);

    @Autowired
    EmbeddedActiveMQ broker;

    @Autowired
    IngressProperties ingress;

    @Test
    void aStalledBrokerGets503WithinTheSendTimeoutAndTheRetryIsAppliedOnce() throws Exception {
        String order = unique("ord");
        String event = unique("evt");
        String payment = unique("pay");
        gateway.putOrder(order, 700, "USD");
        TestProvider stripe = TestProvider.STRIPE;
        byte[] body = stripe.payment(event, payment, order, 700, "USD", Instant.now());
        Duration sendTimeout = ingress.getSendTimeout();

        Stall stall = new Stall();
        broker.getActiveMQServer().registerBrokerPlugin(stall);
        Answer stalled;
        Duration took;
        try {
            long start = System.nanoTime();
            stalled = gateway.deliver(stripe, event, body);
            took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(stall.held.getCount())
                    .as("the send reached the stalled broker")
                    .isZero();
        } finally {
            broker.getActiveMQServer().unRegisterBrokerPlugin(stall);
            stall.release.countDown();
        }

        LoggerFactory.getLogger(BrokerStallTest.class)
                .info(
                        "A stalled broker: answered {} after {} ms (send timeout {} ms)",
                        stalled.status(),
                        took.toMillis(),
                        sendTimeout.toMillis());
        assertThat(stalled.status()).isEqualTo(503);
        assertThat(stalled.json().path("error").asString()).isEqualTo("broker_unavailable");
        assertThat(took).as("answered within the send timeout").isLessThan(sendTimeout.plus(SLACK));

        // the provider retries; whether the stalled send also landed late, the payment counts once
        assertThat(gateway.deliver(stripe, event, body).status()).isEqualTo(200);
        awaitOrder(order, "paid");
        assertThat(count("SELECT count(*) FROM payments WHERE provider_payment_id = ?", payment))
                .isOne();
    }

    /** Holds every send to payhook.inbound until released, as a broker whose journal stopped would. */
    private static final class Stall implements ActiveMQServerMessagePlugin {
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void beforeSend(
                ServerSession session, Transaction tx, Message message, boolean direct, boolean noAutoCreateQueue) {
            if (Destination.INBOUND.address().equals(message.getAddress())) {
                held.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
