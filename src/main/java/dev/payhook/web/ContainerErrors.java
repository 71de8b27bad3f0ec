package dev.payhook.web;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * Puts {@link JsonErrorReport} in place of Tomcat's HTML error report on both listeners. Ordered
 * last, so that it also replaces the report Spring Boot's own customizer adds.
 */
@Component
@Order(Ordered.LOWEST_PRECEDENCE)
public class ContainerErrors implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    /** Looked up when a refusal happens: the web server is made before the database it keeps them in. */
    private final ObjectProvider<EdgeRefusals> refusals;

    public ContainerErrors(ObjectProvider<EdgeRefusals> refusals) {
        this.refusals = refusals;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(context -> JsonErrorReport.install(context.getParent(), refusals));
    }
}
