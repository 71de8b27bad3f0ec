package dev.payhook.broker;

import jakarta.jms.ConnectionFactory;
import java.util.Objects;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
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
        declareSubscription(address, queue, null);
    }

    /**
     * {@link #declareSubscription(Destination, String)} keeping only the messages that match {@code
     * filter} (a core filter; null: all). A queue that exists with another filter is given this one:
     * what it holds stays.
     */
    public void declareSubscription(Destination address, String queue, String filter) {
        QueueConfiguration wanted = QueueConfiguration.of(queue)
                .setAddress(address.address())
                .setRoutingType(RoutingType.MULTICAST)
                .setDurable(true)
                .setAutoCreateAddress(true)
                .setFilterString(filter);
        call(session -> {
            ClientSession.QueueQuery existing = session.queueQuery(SimpleString.of(queue));
            if (!existing.isExists()) {
                session.createQueue(wanted);
            } else if (!Objects.equals(
                    existing.getFilterString() == null
                            ? null
                            : existing.getFilterString().toString(),
                    filter)) {
                manage(session, "updateQueue", wanted.toJSON());
            }
            return null;
        });
    }

    /** A broker management operation, answered or refused. */
    private static void manage(ClientSession session, String operation, Object... arguments) throws ActiveMQException {
        try (ClientRequestor requestor = new ClientRequestor(session, "activemq.management")) {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putOperationInvocation(request, ResourceNames.BROKER, operation, arguments);
            session.start();
            ClientMessage reply = requestor.request(request);
            if (reply == null || !ManagementHelper.hasOperationSucceeded(reply)) {
                throw new ActiveMQException("the broker refused " + operation + ": "
                        + (reply == null ? "no answer" : ManagementHelper.getResult(reply)));
            }
        } catch (ActiveMQException e) {
            throw e;
        } catch (Exception e) {
            throw new ActiveMQException(operation + " failed: " + e.getMessage());
        }
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
