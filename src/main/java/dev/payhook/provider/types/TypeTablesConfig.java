package dev.payhook.provider.types;

import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The type tables beside the routes: {@code payhook.routes.dir}/types, over the jar's. */
@Configuration(proxyBeanMethods = false)
public class TypeTablesConfig {

    @Bean
    TypeTables typeTables(@Value("${payhook.routes.dir:routes}") String routes) {
        return new TypeTables(Path.of(routes));
    }
}
