package dev.payhook.routes;

import dev.payhook.broker.Destination;
import java.util.Properties;
import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;

/** The project's YAML routes loaded into a plain Camel context, with the properties they read. */
final class YamlRoutes {

    private YamlRoutes() {}

    static void load(CamelContext context, String... files) throws Exception {
        Properties properties = new Properties();
        for (Destination d : Destination.values()) {
            properties.setProperty(d.property(), d.address());
        }
        context.getPropertiesComponent().setInitialProperties(properties);
        for (String file : files) {
            PluginHelper.getRoutesLoader(context)
                    .loadRoutes(PluginHelper.getResourceLoader(context).resolveResource("file:" + file));
        }
    }
}
