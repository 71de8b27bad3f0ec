package dev.payhook.broker;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.springframework.jms.connection.SingleConnectionFactory;

/** The broker behind the application's (caching) connection factory. */
public final class BrokerConnections {

    private BrokerConnections() {}

    /**
     * The factory under Spring's caching one: for short-lived browsers and receivers, which a
     * caching factory would keep open for good, one per selector.
     */
    public static ConnectionFactory uncached(ConnectionFactory connectionFactory) {
        return connectionFactory instanceof SingleConnectionFactory caching
                        && caching.getTargetConnectionFactory() != null
                ? caching.getTargetConnectionFactory()
                : connectionFactory;
    }

    /** The Artemis client factory itself, for what JMS cannot say (call timeouts, queue declarations, depths). */
    public static ActiveMQConnectionFactory artemis(ConnectionFactory connectionFactory) {
        if (uncached(connectionFactory) instanceof ActiveMQConnectionFactory artemis) {
            return artemis;
        }
        throw new IllegalStateException("Payhook needs an Artemis connection factory, found "
                + uncached(connectionFactory).getClass().getName());
    }
}
