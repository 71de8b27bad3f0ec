package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.PayhookApplication;
import dev.payhook.broker.Destination;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import java.util.UUID;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.paging.PagingManager;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jms.core.JmsTemplate;

/**
 * The embedded broker shares the gateway's heap: a backlog spread over several addresses, each
 * under its own bound, still stops taking heap at {@link EmbeddedBrokerConfig#IN_MEMORY_BYTES} and
 * pages the rest to disk, losing nothing.
 */
class EmbeddedBrokerMemoryTest {

    /** Well under Artemis's large-message size, over which a body is kept in a file of its own. */
    private static final int MESSAGE_BYTES = 32 * 1024;
    /** Queues nobody takes from while processing is off, filled in this order. */
    private static final Destination[] BACKLOG = {Destination.INBOUND, Destination.DELIVERIES_FAILED, Destination.DLQ};

    /** Under what one address holds in memory; all of them over what they may hold together. */
    private static final int PER_ADDRESS = (int) (EmbeddedBrokerConfig.PAGE_AFTER_BYTES * 7 / 8 / MESSAGE_BYTES);

    @Test
    void aBacklogOverSeveralAddressesPagesPastTheBrokersShareOfTheHeap() throws Exception {
        assertThat((long) BACKLOG.length * PER_ADDRESS * MESSAGE_BYTES)
                .isGreaterThan(EmbeddedBrokerConfig.IN_MEMORY_BYTES);
        try (ConfigurableApplicationContext gateway = new SpringApplicationBuilder(PayhookApplication.class)
                .run(
                        "--server.port=0",
                        "--payhook.ops.port=0",
                        "--payhook.processing.enabled=false",
                        "--payhook.embedded-postgres.data-dir=",
                        "--payhook.embedded-postgres.port=0",
                        "--spring.artemis.embedded.data-directory=target/artemis-" + UUID.randomUUID())) {
            JmsTemplate jms = new JmsTemplate(gateway.getBean(ConnectionFactory.class));
            jms.setExplicitQosEnabled(true);
            jms.setDeliveryMode(DeliveryMode.PERSISTENT);
            byte[] body = new byte[MESSAGE_BYTES];
            for (Destination address : BACKLOG) {
                for (int i = 0; i < PER_ADDRESS; i++) {
                    jms.convertAndSend(address.address(), body);
                }
            }

            ActiveMQServer broker = gateway.getBean(EmbeddedActiveMQ.class).getActiveMQServer();
            PagingManager paging = broker.getPagingManager();
            assertThat(paging.getGlobalSize())
                    .as("bytes of messages held in the heap")
                    .isLessThanOrEqualTo(EmbeddedBrokerConfig.IN_MEMORY_BYTES + 2L * MESSAGE_BYTES);
            assertThat(paging.getPageStore(SimpleString.of(Destination.DLQ.address()))
                            .isPaging())
                    .as("the address filled last pages")
                    .isTrue();
            for (Destination address : BACKLOG) {
                assertThat(broker.locateQueue(address.address()).getMessageCount())
                        .as("messages kept on %s", address.address())
                        .isEqualTo(PER_ADDRESS);
            }
        }
    }
}
