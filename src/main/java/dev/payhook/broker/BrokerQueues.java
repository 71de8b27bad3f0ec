package dev.payhook.broker;

import jakarta.jms.ConnectionFactory;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.springframework.stereotype.Component;

/**
 * What JMS cannot ask of the broker, over Artemis's core protocol on the application's own broker
 * connection settings: declaring a durable queue on an address, and how many messages a queue holds.
 * The same calls work on the embedded and on a standalone broker.
 */
@Component
public class BrokerQueues {

    private final ActiveMQConnectionFactory broker;

    public BrokerQueues(ConnectionFactory connectionFactory) {
        this.broker = BrokerConnections.artemis(connectionFactory);
    }

    /** A durable multicast queue {@code queue} on {@code address}, unless it exists: it keeps every message sent to the address from now on. */
    public void declareSubscription(Destination address, String queue) {
        call(session -> {
            if (!session.queueQuery(SimpleString.of(queue)).isExists()) {
                session.createQueue(QueueConfiguration.of(queue)
                        .setAddress(address.address())
                        .setRoutingType(RoutingType.MULTICAST)
                        .setDurable(true)
                        .setAutoCreateAddress(true));
            }
            return null;
        });
    }

    /** Messages in the queue (waiting and being delivered); -1 when the queue does not exist. */
    public long depth(String queue) {
        return call(session -> {
            ClientSession.QueueQuery query = session.queueQuery(SimpleString.of(queue));
            return query.isExists() ? query.getMessageCount() : -1L;
        });
    }

    private interface Call<T> {
        T on(ClientSession session) throws ActiveMQException;
    }

    private <T> T call(Call<T> call) {
        try (ClientSessionFactory factory = broker.getServerLocator().createSessionFactory();
                ClientSession session =
                        factory.createSession(broker.getUser(), broker.getPassword(), false, true, true, false, 0)) {
            return call.on(session);
        } catch (Exception e) {
            throw new IllegalStateException("the broker did not answer: " + e.getMessage(), e);
        }
    }
}
