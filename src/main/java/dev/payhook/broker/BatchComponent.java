package dev.payhook.broker;

import java.util.Map;
import org.apache.camel.Endpoint;
import org.apache.camel.support.DefaultComponent;

/**
 * {@code jms-batch:queue}: a consumer that takes up to {@code size} messages of a queue in one
 * transacted JMS session and hands them to the route as one exchange whose body is the list of
 * their Camel messages. The session commits only when the route succeeded; camel-jms producers in
 * the route join that session (their sends commit with the acknowledgements). camel-jms has no
 * batch consumer, hence this one.
 */
@org.springframework.stereotype.Component(BatchComponent.NAME)
public class BatchComponent extends DefaultComponent {

    /** The scheme routes/processing.yaml consumes payhook.inbound with. */
    public static final String NAME = "jms-batch";

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        BatchEndpoint endpoint = new BatchEndpoint(uri, this, remaining);
        setProperties(endpoint, parameters);
        return endpoint;
    }
}
