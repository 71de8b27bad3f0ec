package dev.payhook.provider.mapped;

import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The format of a sender Payhook has no Java for, read through the {@link Mapping} in its
 * configuration; it signs with a scheme Payhook knows.
 */
@Configuration(proxyBeanMethods = false)
public class Mapped {

    @Bean
    static ProviderKind mappedKind(TypeTables tables) {
        return ProviderKind.named("mapped")
                .format(Mapping.class, (provider, mapping) -> MappedFormat.create(tables, provider, mapping));
    }
}
