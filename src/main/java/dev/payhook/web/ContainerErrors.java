package dev.payhook.web;

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

    private final EdgeRefusals refusals;

    public ContainerErrors(EdgeRefusals refusals) {
        this.refusals = refusals;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(context -> JsonErrorReport.install(context.getParent(), refusals));
    }
}
