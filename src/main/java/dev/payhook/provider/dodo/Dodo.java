package dev.payhook.provider.dodo;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Dodo Payments (signed with the Standard Webhooks scheme): its event format and its API, as {@code dodo}. */
@Configuration(proxyBeanMethods = false)
public class Dodo {

    @Bean
    FormatFactory<?> dodoFormat(TypeTables tables) {
        return new DodoFormat(tables);
    }

    @Bean
    ApiFactory<?> dodoApi() {
        return new DodoApi();
    }
}
