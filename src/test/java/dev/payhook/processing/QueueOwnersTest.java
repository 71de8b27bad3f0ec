package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which endpoints would take messages from a queue of Payhook's own, however the URI spells it. */
class QueueOwnersTest {

    @Test
    void everySpellingOfAPayhookQueueIsFound() {
        assertThat(QueueOwners.taken("jms:queue:payhook.inbound")).contains("payhook.inbound");
        assertThat(QueueOwners.taken("jms:payhook.inbound?concurrentConsumers=4"))
                .contains("payhook.inbound");
        assertThat(QueueOwners.taken("jms-batch:payhook.inbound")).contains("payhook.inbound");
        assertThat(QueueOwners.taken("jms://queue:payhook.dlq")).contains("payhook.dlq");
        assertThat(QueueOwners.taken("jms:queue:payhook.inbound::mine"))
                .as("a queue of one's own on Payhook's anycast address shares its messages")
                .contains("payhook.inbound");
        assertThat(QueueOwners.taken("amqp:queue:payhook.deliveries.failed")).contains("payhook.deliveries.failed");
    }

    @Test
    void theIntegratorsOwnQueuesAndOtherComponentsAreTheirs() {
        assertThat(QueueOwners.taken("jms:queue:payhook.events::payhook.events.ops-chat"))
                .isEmpty();
        assertThat(QueueOwners.taken("jms:topic:payhook.inbound")).isEmpty();
        assertThat(QueueOwners.taken("jms:queue:payhook.alerts")).isEmpty();
        assertThat(QueueOwners.taken("direct:payhook.inbound")).isEmpty();
        assertThat(QueueOwners.taken("timer:tick")).isEmpty();
    }
}
