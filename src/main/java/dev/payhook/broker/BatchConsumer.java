package dev.payhook.broker;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.component.jms.JmsBinding;
import org.apache.camel.support.DefaultConsumer;
import org.apache.camel.support.DefaultMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jms.connection.JmsResourceHolder;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The loop of each session: receive a first message (waiting), then what else the client already
 * holds, up to the batch size; run the route on the batch; commit the session if it succeeded,
 * roll it back (every message of the batch redelivered) if not.
 */
class BatchConsumer extends DefaultConsumer {

    private static final Logger log = LoggerFactory.getLogger(BatchConsumer.class);
    private static final long RECEIVE_TIMEOUT_MS = 500;
    private static final long RECONNECT_DELAY_MS = 1000;

    private final BatchEndpoint endpoint;
    private final JmsBinding binding = new JmsBinding();
    private volatile boolean running;
    private ExecutorService threads;

    BatchConsumer(BatchEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        this.endpoint = endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        running = true;
        threads = getEndpoint()
                .getCamelContext()
                .getExecutorServiceManager()
                .newFixedThreadPool(this, "jms-batch:" + endpoint.queue(), endpoint.getConsumers());
        ConnectionFactory routeFactory = endpoint.connectionFactory();
        for (int i = 0; i < endpoint.getConsumers(); i++) {
            threads.execute(() -> consume(routeFactory));
        }
    }

    @Override
    protected void doStop() throws Exception {
        running = false;
        if (threads != null) {
            // each loop ends after its current batch and its next receive timeout
            getEndpoint().getCamelContext().getExecutorServiceManager().shutdownGraceful(threads);
            threads = null;
        }
        super.doStop();
    }

    private void consume(ConnectionFactory routeFactory) {
        while (running) {
            try (Connection connection =
                            BrokerConnections.uncached(routeFactory).createConnection();
                    Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
                    MessageConsumer consumer = session.createConsumer(session.createQueue(endpoint.queue()))) {
                connection.start();
                while (running) {
                    Exchange exchange = createExchange(false);
                    List<org.apache.camel.Message> batch = receive(consumer, exchange);
                    if (!batch.isEmpty()) {
                        exchange.getIn().setBody(batch);
                        process(exchange, batch.size(), routeFactory, connection, session);
                    }
                    releaseExchange(exchange, false);
                }
            } catch (JMSException | RuntimeException e) {
                if (running) {
                    log.warn("Consumer of {} lost its session, reconnecting: {}", endpoint.queue(), e.toString());
                    pause();
                }
            }
        }
    }

    /**
     * Each message read whole as it is received: the Artemis client drops what is left unread of
     * a large message (over 100 KiB) when the next one is received.
     */
    private List<org.apache.camel.Message> receive(MessageConsumer consumer, Exchange exchange) throws JMSException {
        List<org.apache.camel.Message> batch = new ArrayList<>();
        Message next = consumer.receive(RECEIVE_TIMEOUT_MS);
        while (next != null) {
            // no exchange of its own yet: the splitter gives it the exchange it runs in
            DefaultMessage message = new DefaultMessage(getEndpoint().getCamelContext());
            message.setHeaders(binding.extractHeadersFromJms(next, exchange));
            message.setBody(binding.extractBodyFromJms(exchange, next));
            batch.add(message);
            next = batch.size() < endpoint.getSize() ? consumer.receiveNoWait() : null;
        }
        return batch;
    }

    private void process(
            Exchange exchange, int size, ConnectionFactory routeFactory, Connection connection, Session session)
            throws JMSException {
        // the route's jms producers find this session bound to their factory and send in it
        TransactionSynchronizationManager.bindResource(routeFactory, new JmsResourceHolder(connection, session));
        try {
            getProcessor().process(exchange);
        } catch (Exception e) {
            exchange.setException(e);
        } finally {
            TransactionSynchronizationManager.unbindResource(routeFactory);
        }
        if (exchange.getException() == null) {
            session.commit();
        } else {
            getExceptionHandler()
                    .handleException(
                            "A batch of " + size + " from " + endpoint.queue()
                                    + " failed; every message of it will be redelivered",
                            exchange,
                            exchange.getException());
            session.rollback();
        }
    }

    private void pause() {
        try {
            TimeUnit.MILLISECONDS.sleep(RECONNECT_DELAY_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
