package dev.payhook.support.plugin;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.camel.Consumer;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.support.DefaultComponent;
import org.apache.camel.support.DefaultEndpoint;
import org.apache.camel.support.DefaultProducer;

/**
 * A Camel component the gateway's jar does not hold, as an integrator drops one into ./lib:
 * {@code touch:<file>} writes each message's body to that file. {@link Plugins#jar} packs it.
 */
public class TouchComponent extends DefaultComponent {

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) {
        return new TouchEndpoint(uri, this, Path.of(remaining));
    }

    static final class TouchEndpoint extends DefaultEndpoint {

        private final Path file;

        TouchEndpoint(String uri, TouchComponent component, Path file) {
            super(uri, component);
            this.file = file;
        }

        @Override
        public Producer createProducer() {
            return new DefaultProducer(this) {
                @Override
                public void process(Exchange exchange) throws Exception {
                    Files.writeString(file, exchange.getMessage().getBody(String.class), StandardCharsets.UTF_8);
                }
            };
        }

        @Override
        public Consumer createConsumer(Processor processor) {
            throw new UnsupportedOperationException("touch: only writes");
        }
    }
}
