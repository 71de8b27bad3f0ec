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
                .api(AdyenApiSettings.class, AdyenApi::create, REFUNDS, REFUNDS_PART)
                .shipped("""
                        adyen:
                          scheme: adyen-hmac
                          mode: test                        # checked against each notification's "live" flag
                          secrets: [ "${ADYEN_HMAC_KEY:}" ]          # hex; every item of a batch must verify with one of them
                          accounts:
                            merchant-account: ${ADYEN_MERCHANT_ACCOUNTS:}   # comma-separated merchantAccountCode values
                          basic-auth-username: ${ADYEN_BASIC_AUTH_USERNAME:}   # optional: checked when set
                          basic-auth-password: ${ADYEN_BASIC_AUTH_PASSWORD:}
                          api:                              # optional: refunds through the Checkout API (Adyen has no status API)
                            key: ${ADYEN_API_KEY:}          # X-API-Key of a web service user with the Checkout webservice role
                            merchant-account: ${ADYEN_API_MERCHANT_ACCOUNT:}   # the account refunds are made for
                            base-url: ${ADYEN_API_BASE_URL:}   # test: https://checkout-test.adyen.com/v71; live: required, your live endpoint
                        """);
    }
}
