package dev.payhook.provider.dodo;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Dodo Payments (signed with the Standard Webhooks scheme): its event format and its API, as {@code dodo}. */
@Configuration(proxyBeanMethods = false)
public class Dodo {

    @Bean
    FormatFactory<?> dodoFormat() {
        return new DodoFormat();
    }

    @Bean
    ApiFactory<?> dodoApi() {
        return new DodoApi();
    }
}
