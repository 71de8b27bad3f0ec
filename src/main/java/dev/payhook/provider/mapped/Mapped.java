package dev.payhook.provider.mapped;

import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The format {@code mapped}: a sender's JSON read by pointers from its configuration. */
@Configuration(proxyBeanMethods = false)
public class Mapped {

    @Bean
    FormatFactory<?> mappedFormat(TypeTables tables) {
        return new MappedFormat.Factory(tables);
    }
}
