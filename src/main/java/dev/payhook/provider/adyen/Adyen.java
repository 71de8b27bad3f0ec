package dev.payhook.provider.adyen;

import static dev.payhook.provider.Capability.REFUNDS;
import static dev.payhook.provider.Capability.REFUNDS_PART;

import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Adyen: its HMAC per notification item (hex keys, optional basic auth), its event format and its
 * refund API, under the name {@code adyen}.
 */
@Configuration(proxyBeanMethods = false)
public class Adyen {

    /** The HMAC of each notification item; basic auth as well when configured. */
    public static SignatureScheme signature(String provider, AdyenSettings settings, Clock clock) {
        return new AdyenSignature(settings);
    }

    @Bean
    static ProviderKind adyenKind(TypeTables tables) {
        return ProviderKind.named("adyen")
                .scheme("adyen-hmac", AdyenSettings.class, Adyen::signature)
                .format(new AdyenFormat(tables))
                .api(AdyenApiSettings.class, AdyenApi::create, REFUNDS, REFUNDS_PART);
    }
}
