package dev.payhook.broker;

import jakarta.jms.ConnectionFactory;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.support.DefaultEndpoint;

/** One queue consumed in batches; see {@link BatchComponent}. */
public class BatchEndpoint extends DefaultEndpoint {

    private final String queue;
    private int consumers = 1;
    private int size = 1;

    BatchEndpoint(String uri, BatchComponent component, String queue) {
        super(uri, component);
        this.queue = queue;
    }

    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        Consumer consumer = new BatchConsumer(this, processor);
        configureConsumer(consumer);
        return consumer;
    }

    @Override
    public Producer createProducer() {
        throw new UnsupportedOperationException("jms-batch only consumes; send with the jms component");
    }

    String queue() {
        return queue;
    }

    /** The jms component's factory: the session is bound to it so that the route's jms sends join it. */
    ConnectionFactory connectionFactory() {
        return getCamelContext()
                .getComponent("jms", JmsComponent.class)
                .getConfiguration()
                .getOrCreateTemplateConnectionFactory();
    }

    public int getConsumers() {
        return consumers;
    }

    /** Sessions consuming the queue at the same time, each on its own thread. */
    public void setConsumers(int consumers) {
        this.consumers = consumers;
    }

    public int getSize() {
        return size;
    }

    /** The most messages in one batch. A batch never waits to fill: it takes what the queue has. */
    public void setSize(int size) {
        this.size = size;
    }
}
