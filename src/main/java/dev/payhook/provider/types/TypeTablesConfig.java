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

    /**
     * Once every provider has bound its table: which tables came from the routes folder, and a file
     * no provider reads, said rather than ignored.
     */
    @EventListener(ApplicationStartedEvent.class)
    public void sayWhereTablesCameFrom(ApplicationStartedEvent started) {
        TypeTables tables = started.getApplicationContext().getBean(TypeTables.class);
        tables.fromFolder().forEach(line -> log.info("{}", line));
        tables.strays().forEach(s -> log.warn("{}", s));
    }
}
