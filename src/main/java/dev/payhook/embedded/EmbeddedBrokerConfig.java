package dev.payhook.embedded;

import dev.payhook.broker.Destination;
import dev.payhook.broker.Redelivery;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.springframework.boot.artemis.autoconfigure.ArtemisConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Address settings of the embedded broker; broker/broker.xml holds the same for a standalone one.
 * The broker never dead-letters {@link Destination#INBOUND} by itself: a database outage must be waited out,
 * so only Payhook, which can tell an outage from a poison message, moves a message to payhook.dlq.
 * Every address pages to disk past {@link #PAGE_AFTER_BYTES} in memory, and all of them together
 * past {@link #IN_MEMORY_BYTES}: the embedded broker shares the gateway's heap, and a backlog
 * (processing off, the database down for hours, or only ingest faster than processing) must not fill
 * it. Artemis counts about half of what a message really takes in the heap (its body, properties,
 * buffers and references): 48 MB by its count kept about 100 MB live under full-rate ingest, and
 * without the second bound it takes half the heap.
 */
@Configuration(proxyBeanMethods = false)
public class EmbeddedBrokerConfig {

    /** Bytes of messages an address holds in memory before it pages the rest to disk. */
    static final long PAGE_AFTER_BYTES = 16L * 1024 * 1024;

    /** Bytes of messages all addresses together hold in memory before paging. */
    static final long IN_MEMORY_BYTES = 32L * 1024 * 1024;

    /**
     * Where the broker puts a message it gives up on: past its delivery attempts (any address but
     * payhook.inbound) or expired. Without one it would drop the message, and says so at every start
     * for every queue; with the same one as broker/broker.xml, nothing is dropped and ops see it.
     */
    private static final SimpleString DLQ = SimpleString.of(Destination.DLQ.address());

    @Bean
    ArtemisConfigurationCustomizer payhookAddressSettings() {
        return configuration -> configuration
                .setGlobalMaxSize(IN_MEMORY_BYTES)
                .addAddressSetting(
                        "#",
                        new AddressSettings()
                                .setMaxSizeBytes(PAGE_AFTER_BYTES)
                                .setAddressFullMessagePolicy(AddressFullMessagePolicy.PAGE)
                                .setDeadLetterAddress(DLQ)
                                .setExpiryAddress(DLQ))
                .addAddressSetting(
                        Destination.INBOUND.address(),
                        new AddressSettings()
                                .setMaxSizeBytes(PAGE_AFTER_BYTES)
                                .setAddressFullMessagePolicy(AddressFullMessagePolicy.PAGE)
                                .setRedeliveryDelay(Redelivery.FIRST_DELAY.toMillis())
                                .setRedeliveryMultiplier(Redelivery.MULTIPLIER)
                                .setMaxRedeliveryDelay(Redelivery.MAX_DELAY.toMillis())
                                .setMaxDeliveryAttempts(-1)
                                .setDeadLetterAddress(DLQ)
                                .setExpiryAddress(DLQ));
    }
}
