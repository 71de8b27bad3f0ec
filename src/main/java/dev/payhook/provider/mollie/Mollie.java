package dev.payhook.provider.mollie;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;

import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ProviderKind;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Mollie: its payment webhook signs nothing and says nothing but {@code id=tr_..}, so its scheme
 * refuses what does not read as one; its proof is the payment fetched from the API
 * (docs/DESIGN.md §4.3).
 */
@Configuration(proxyBeanMethods = false)
public class Mollie {

    @Bean
    static ProviderKind mollieKind() {
        return ProviderKind.named("mollie")
                .scheme("mollie", MollieSettings.class, (provider, settings, clock) -> new MollieScheme())
                .format(new MollieFormat())
                .api(ApiKey.class, MollieApi::create, CHECKS_PAYMENTS)
                .shipped("""
                        mollie:                             # unsigned: POST /webhooks/mollie carries only id=tr_..
                          scheme: mollie                    # set the payment's webhookUrl to that address
                          api:                              # required: the payment fetched from the API is the only fact
                            key: ${MOLLIE_API_KEY:}         # test_... or live_...: the key, not a host, chooses the mode
                            base-url: ${MOLLIE_API_BASE_URL:}   # default https://api.mollie.com
                        """);
    }
}
