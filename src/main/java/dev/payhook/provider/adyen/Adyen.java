package dev.payhook.provider.adyen;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Adyen: its scheme ({@code adyen-hmac}), its notification format ({@code adyen}) and its Checkout
 * API, which Payhook refunds through; it has no status API.
 */
@Configuration(proxyBeanMethods = false)
public class Adyen {

    /** Adyen's HMAC per notification item, with hex keys and optional basic auth. */
    public static SchemeFactory<AdyenSettings> scheme() {
        return SchemeFactory.of(
                "adyen-hmac",
                AdyenSettings.class,
                "adyen",
                (provider, settings, clock) -> new AdyenSignature(settings));
    }

    @Bean
    SchemeFactory<AdyenSettings> adyenScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> adyenFormat(TypeTables tables) {
        return new AdyenFormat(tables);
    }

    @Bean
    ApiFactory<?> adyenApi() {
        return new AdyenApi();
    }
}
