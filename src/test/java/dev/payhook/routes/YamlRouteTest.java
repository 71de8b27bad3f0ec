package dev.payhook.routes;

import dev.payhook.broker.Destination;
import java.util.Properties;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.AdviceWith;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.test.junit5.CamelContextConfiguration;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.camel.test.junit5.TestExecutionConfiguration;
import org.junit.jupiter.api.BeforeEach;

/**
 * Some of the project's YAML routes in a plain Camel context, with the properties they read: the
 * JMS endpoints are mocks that send nothing, and the route under test starts from
 * {@code direct:} instead of its consumer endpoint.
 */
abstract class YamlRouteTest extends CamelTestSupport {

    /** The YAML files to load, relative to the project. */
    protected abstract String[] files();

    /** The route whose consumer is replaced, and the {@code direct:} endpoint that replaces it. */
    protected abstract String route();

    protected abstract String from();

    @Override
    public void configureContext(CamelContextConfiguration configuration) {
        super.configureContext(configuration);
        configuration.withMockEndpointsAndSkip("(jms|ingressJms):.*");
    }

    @Override
    public void configureTest(TestExecutionConfiguration configuration) {
        super.configureTest(configuration);
        configuration.withUseAdviceWith(true);
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        Properties properties = new Properties();
        for (Destination d : Destination.values()) {
            properties.setProperty(d.property(), d.address());
        }
        context.getPropertiesComponent().setInitialProperties(properties);
        for (String file : files()) {
            PluginHelper.getRoutesLoader(context)
                    .loadRoutes(PluginHelper.getResourceLoader(context).resolveResource("file:" + file));
        }
        addRoutes(context);
        return context;
    }

    /** Routes the gateway makes itself rather than read from a file. */
    protected void addRoutes(CamelContext context) {}

    @BeforeEach
    void startFromADirectEndpoint() throws Exception {
        AdviceWith.adviceWith(context, route(), r -> r.replaceFromWith(from()));
        context.start();
    }
}
