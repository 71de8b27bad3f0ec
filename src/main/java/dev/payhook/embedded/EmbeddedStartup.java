package dev.payhook.embedded;

import dev.payhook.config.PayhookProperties;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Without {@code spring.datasource.url}, begins the embedded PostgreSQL's start ({@link PostgresStart})
 * before Spring reads a single bean definition: the earliest moment its settings are known.
 * Registered in META-INF/spring.factories, so every way of running the gateway (the jar, the tests)
 * starts it the same way.
 */
public class EmbeddedStartup implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    static final String BEAN = "embeddedPostgresStart";

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        if (!context.getEnvironment().getProperty("spring.datasource.url", "").isBlank()) {
            return;
        }
        PayhookProperties.EmbeddedPostgres settings = Binder.get(context.getEnvironment())
                .bindOrCreate("payhook.embedded-postgres", PayhookProperties.EmbeddedPostgres.class);
        PostgresStart start = PostgresStart.begin(settings);
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        beans.registerSingleton(BEAN, start);
        // a registered instance gets no destroy call of its own; this one stops the server, last
        ((DefaultSingletonBeanRegistry) beans).registerDisposableBean(BEAN, start);
    }
}
