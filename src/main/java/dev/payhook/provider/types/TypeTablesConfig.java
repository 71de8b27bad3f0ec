package dev.payhook.provider.types;

import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

/** The type tables beside the routes: {@code payhook.routes.dir}/types, over the jar's. */
@Configuration(proxyBeanMethods = false)
public class TypeTablesConfig {

    private static final Logger log = LoggerFactory.getLogger(TypeTablesConfig.class);

    @Bean
    TypeTables typeTables(@Value("${payhook.routes.dir:routes}") String routes) {
        return new TypeTables(Path.of(routes));
    }

    /** Once every provider has bound its table: a file no provider reads is said, not ignored. */
    @EventListener(ApplicationStartedEvent.class)
    public void sayStrays(ApplicationStartedEvent started) {
        started.getApplicationContext().getBean(TypeTables.class).strays().forEach(s -> log.warn("{}", s));
    }
}
