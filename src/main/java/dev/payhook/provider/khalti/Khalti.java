package dev.payhook.provider.khalti;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.REFUNDS;

import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.ReturnFormat;
import dev.payhook.provider.SignatureScheme.ReturnCarrier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Khalti, which has no webhook and signs nothing it sends back through the payer's browser: its
 * proof is the lookup API, asked with the return's {@code pidx} (docs/DESIGN.md §9).
 */
@Configuration(proxyBeanMethods = false)
public class Khalti {

    @Bean
    static ProviderKind khaltiKind() {
        return ProviderKind.named("khalti")
                .scheme(
                        "khalti",
                        KhaltiSettings.class,
                        (provider, settings, clock) ->
                                BrowserReturnScheme.unsigned(ReturnCarrier.QUERY, KhaltiReturn::parse))
                .format(new ReturnFormat(
                        "khalti", body -> KhaltiReturn.parse(body).said()))
                .api(KhaltiApiSettings.class, KhaltiApi::create, CHECKS_PAYMENTS, REFUNDS);
    }
}
