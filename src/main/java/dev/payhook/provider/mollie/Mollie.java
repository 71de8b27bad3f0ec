package dev.payhook.provider.mollie;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Mollie: its unsigned notification, read from the payment its API answers, as {@code mollie}. */
@Configuration(proxyBeanMethods = false)
public class Mollie {

    /**
     * Mollie's payment webhook signs nothing and says nothing but {@code id=tr_..}: this scheme
     * refuses what does not read as one; its proof is the payment fetched from the API
     * (docs/DESIGN.md §4.3).
     */
    public static SchemeFactory<MollieSettings> scheme() {
        return SchemeFactory.of(
                "mollie", MollieSettings.class, "mollie", (provider, settings, clock) -> new MollieScheme());
    }

    @Bean
    SchemeFactory<MollieSettings> mollieScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> mollieFormat() {
        return new MollieFormat();
    }

    @Bean
    ApiFactory<?> mollieApi() {
        return new MollieApi();
    }
}
