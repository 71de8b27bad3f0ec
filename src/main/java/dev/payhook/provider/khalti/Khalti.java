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
                .api(KhaltiApiSettings.class, KhaltiApi::create, CHECKS_PAYMENTS, REFUNDS)
                .shipped("""
                        khalti:                             # no webhook: the payer's browser returns to GET /returns/khalti?pidx=..
                          scheme: khalti                    # set the ePayment's return_url to that address
                          mode: test                        # test: dev.khalti.com; live: khalti.com
                          api:                              # required: Khalti's return is unsigned, only its lookup API is proof
                            secret-key: ${KHALTI_SECRET_KEY:}   # the merchant's live_secret_key (the sandbox's from test-admin.khalti.com)
                            base-url: ${KHALTI_API_BASE_URL:}   # up to /api; default by mode: https://dev.khalti.com/api | https://khalti.com/api
                          return:
                            success-url: ${KHALTI_RETURN_SUCCESS_URL:}
                            failure-url: ${KHALTI_RETURN_FAILURE_URL:}
                            pending-url: ${KHALTI_RETURN_PENDING_URL:}         # not decided yet; unset: the failure page
                        """);
    }
}
