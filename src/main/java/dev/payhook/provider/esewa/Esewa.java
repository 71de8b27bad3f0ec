package dev.payhook.provider.esewa;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.FINDS_ORDERS;

import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.ProviderKind;
import java.nio.charset.StandardCharsets;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * eSewa, which has no webhook: its scheme verifies the payer's browser return (docs/DESIGN.md §9).
 * A return carries no time, so there is no replay window: a replayed return is the same hint again,
 * and only the status API's answer pays.
 */
@Configuration(proxyBeanMethods = false)
public class Esewa {

    @Bean
    static ProviderKind esewaKind() {
        return ProviderKind.named("esewa")
                .scheme("esewa", EsewaSettings.class, (provider, settings, clock) -> {
                    byte[] secret = settings.api().secret().trim().getBytes(StandardCharsets.UTF_8);
                    return new BrowserReturnScheme(body -> EsewaSignature.verify(body, secret));
                })
                .format(new EsewaFormat())
                .api(EsewaApiSettings.class, EsewaApi::create, FINDS_ORDERS, CHECKS_PAYMENTS)
                .shipped("""
                        esewa:                              # no webhook: the payer's browser returns to GET /returns/esewa?data=..
                          scheme: esewa
                          mode: test                        # test: the status API at rc.esewa.com.np; live: esewa.com.np
                          accounts:
                            product-code: ${ESEWA_PRODUCT_CODE:EPAYTEST}   # a return for another product code is rejected_account
                          api:
                            secret: ${ESEWA_SECRET_KEY:}    # the merchant's secret key: signs the returns (HMAC-SHA256)
                            product-code: ${ESEWA_PRODUCT_CODE:EPAYTEST}   # eSewa's test code; set yours for live
                            base-url: ${ESEWA_API_BASE_URL:}
                          return:                           # where the payer goes once the status API has answered
                            success-url: ${ESEWA_RETURN_SUCCESS_URL:}
                            failure-url: ${ESEWA_RETURN_FAILURE_URL:}
                            pending-url: ${ESEWA_RETURN_PENDING_URL:}         # not decided yet; unset: the failure page
                        """);
    }
}
