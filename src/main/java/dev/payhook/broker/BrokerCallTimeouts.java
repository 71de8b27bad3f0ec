package dev.payhook.broker;

import jakarta.jms.ConnectionFactory;
import java.time.Duration;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.stereotype.Component;

/**
 * How long a blocking call to the broker (a durable send, a commit, a session's close) waits for its
 * answer, or for a failover to end, before it fails: {@link #CALL_TIMEOUT} unless the broker URL
 * sets its own. The client's default, 30 s, is the whole stop a service manager allows: with the
 * broker gone, closing a session caught mid-reconnection waited out all of it, and the stop took
 * about 41 s. Every caller survives a failed call (the outbox publishes the row again, a batch is
 * redelivered, the ingress has its own, shorter bound), so a stop ends within its 30 s.
 */
@Component
public class BrokerCallTimeouts implements BeanPostProcessor {

    static final Duration CALL_TIMEOUT = Duration.ofSeconds(8);

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (bean instanceof ConnectionFactory factory
                && BrokerConnections.uncached(factory) instanceof ActiveMQConnectionFactory artemis) {
            if (artemis.getCallTimeout() == ActiveMQClient.DEFAULT_CALL_TIMEOUT) {
                artemis.setCallTimeout(CALL_TIMEOUT.toMillis());
            }
            if (artemis.getCallFailoverTimeout() == ActiveMQClient.DEFAULT_CALL_FAILOVER_TIMEOUT) {
                artemis.setCallFailoverTimeout(CALL_TIMEOUT.toMillis());
            }
        }
        return bean;
    }
}
