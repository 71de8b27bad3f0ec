package dev.payhook.provider.imepay;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;

import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.ReturnFormat;
import dev.payhook.provider.SignatureScheme.ReturnCarrier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * IME Pay, which has no webhook and signs nothing it sends back through the payer's browser: its
 * proof is IME Pay's Confirm and Recheck API, asked with what the return carries (docs/DESIGN.md §9).
 */
@Configuration(proxyBeanMethods = false)
public class Imepay {

    @Bean
    static ProviderKind imepayKind() {
        return ProviderKind.named("imepay")
                .scheme(
                        "imepay",
                        ImepaySettings.class,
                        (provider, settings, clock) ->
                                BrowserReturnScheme.unsigned(ReturnCarrier.DATA, ImepayReturn::parse))
                .format(new ReturnFormat(
                        "imepay", body -> ImepayReturn.parse(body).said()))
                .api(ImepayApiSettings.class, ImepayApi::create, CHECKS_PAYMENTS);
    }
}
