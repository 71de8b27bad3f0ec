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
                .api(ImepayApiSettings.class, ImepayApi::create, CHECKS_PAYMENTS)
                .shipped("""
                        imepay:                             # no webhook: the payer's browser returns to GET /returns/imepay?data=..
                          scheme: imepay                    # the checkout's Method must be GET and its RespUrl that address
                          mode: test                        # test: stg.imepay.com.np:7979; live: payment.imepay.com.np:7979
                          api:                              # required: IME Pay's return is unsigned, only its API is proof
                            merchant-code: ${IMEPAY_MERCHANT_CODE:}
                            module: ${IMEPAY_MODULE:}
                            username: ${IMEPAY_API_USER:}
                            password: ${IMEPAY_API_PASSWORD:}
                            base-url: ${IMEPAY_API_BASE_URL:}
                          return:
                            success-url: ${IMEPAY_RETURN_SUCCESS_URL:}
                            failure-url: ${IMEPAY_RETURN_FAILURE_URL:}
                            pending-url: ${IMEPAY_RETURN_PENDING_URL:}         # not decided yet; unset: the failure page
                        """);
    }
}
