package dev.payhook.provider.dodo;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.CHECKS_SUBSCRIPTIONS;
import static dev.payhook.provider.Capability.FINDS_ORDERS;
import static dev.payhook.provider.Capability.REFUNDS;

import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Dodo Payments: its event format and its API, under the name {@code dodo}; it signs with the
 * {@code standard-webhooks} scheme.
 */
@Configuration(proxyBeanMethods = false)
public class Dodo {

    @Bean
    static ProviderKind dodoKind(TypeTables tables) {
        return ProviderKind.named("dodo")
                .format(new DodoFormat(tables))
                .api(ApiKey.class, DodoApi::create, FINDS_ORDERS, CHECKS_PAYMENTS, CHECKS_SUBSCRIPTIONS, REFUNDS);
    }
}
