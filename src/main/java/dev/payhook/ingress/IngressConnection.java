package dev.payhook.ingress;

import dev.payhook.broker.BrokerConnections;
import dev.payhook.config.IngressProperties;
import jakarta.jms.ConnectionFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.camel.component.jms.JmsComponent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jms.connection.CachingConnectionFactory;
import org.springframework.jms.connection.SingleConnectionFactory;

/**
 * The ingress's own connection to the broker, to the same broker as the application's, whose
 * blocking calls give up after {@code payhook.ingress.send-timeout}: the persistent send is what a
 * provider's request waits on, and a broker that stalls instead of refusing must still get the
 * provider a 503 within the time providers allow, never a late 2xx. Processing and the outbox keep
 * the default, longer timeout: nobody waits on them.
 */
@Configuration(proxyBeanMethods = false)
public class IngressConnection {

    /**
     * The Camel component the ingress route template sends with ({@code ingressJms:queue:...}). Its
     * connection factory is no bean of its own, so the application's stays the only one that
     * Spring and Camel inject.
     */
    public static final String COMPONENT = "ingressJms";

    @Bean(COMPONENT)
    JmsComponent ingressJms(ConnectionFactory shared, IngressProperties ingress) {
        ActiveMQConnectionFactory broker = BrokerConnections.artemis(shared);
        long timeout = ingress.getSendTimeout().toMillis();
        // the same brokers, and the same failover to a backup as the application's URL asks (ha=true)
        ActiveMQConnectionFactory own = new ActiveMQConnectionFactory(
                broker.isHA(),
                Stream.of(broker.getServerLocator().getStaticTransportConfigurations())
                        .map(transport -> connectingWithin(transport, timeout))
                        .toArray(TransportConfiguration[]::new));
        own.setReconnectAttempts(broker.getReconnectAttempts());
        own.setRetryInterval(broker.getRetryInterval());
        own.setUser(broker.getUser());
        own.setPassword(broker.getPassword());
        own.setCallTimeout(timeout);
        own.setCallFailoverTimeout(timeout);
        own.setBlockOnDurableSend(true);
        CachingConnectionFactory caching = new CachingConnectionFactory(own);
        caching.setSessionCacheSize(64);
        caching.setReconnectOnException(true);
        JmsComponent component = new JmsComponent();
        component.setConnectionFactory(caching);
        return component;
    }

    /** Drops the ingress's connection and its cached sessions: a send that timed out may leave its session waiting for a late answer. */
    static void reset(JmsComponent ingress) {
        if (ingress.getConnectionFactory() instanceof SingleConnectionFactory connection) {
            connection.resetConnection();
        }
    }

    /** A broker whose acceptor hangs must not hold the connect longer than the send (TCP only; in-VM ignores it). */
    private static TransportConfiguration connectingWithin(TransportConfiguration transport, long timeout) {
        Map<String, Object> params = new HashMap<>(transport.getParams());
        params.put(TransportConstants.NETTY_CONNECT_TIMEOUT, (int) Math.min(Integer.MAX_VALUE, timeout));
        return new TransportConfiguration(transport.getFactoryClassName(), params, transport.getName());
    }
}
