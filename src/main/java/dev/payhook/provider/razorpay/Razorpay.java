package dev.payhook.provider.razorpay;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.FINDS_ORDERS;
import static dev.payhook.provider.Capability.REFUNDS;
import static dev.payhook.provider.Capability.REFUNDS_PART;

import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Razorpay: {@code X-Razorpay-Signature} (hex HMAC-SHA256 of the raw body with the webhook secret),
 * its event format and its API, under the name {@code razorpay}.
 */
@Configuration(proxyBeanMethods = false)
public class Razorpay {

    @Bean
    static ProviderKind razorpayKind(TypeTables tables) {
        return ProviderKind.named("razorpay")
                .scheme("razorpay", HmacSecrets.class, (provider, secrets, clock) -> new RazorpaySignature(secrets))
                .format(new RazorpayFormat(tables))
                .api(
                        RazorpayApiSettings.class,
                        RazorpayApi::create,
                        FINDS_ORDERS,
                        CHECKS_PAYMENTS,
                        REFUNDS,
                        REFUNDS_PART)
                .shipped("""
                        razorpay:
                          scheme: razorpay                  # X-Razorpay-Signature: hex HMAC-SHA256 of the body; no timestamp
                          mode: test
                          secrets: [ "${RAZORPAY_WEBHOOK_SECRET:}" ]
                          accounts:                         # optional: a notification of another account is rejected_account
                            account-id: ${RAZORPAY_ACCOUNT_ID:}   # acc_...
                          api:                              # optional: payments by id, orders by receipt, refunds
                            key-id: ${RAZORPAY_KEY_ID:}     # rzp_test_... or rzp_live_...
                            key-secret: ${RAZORPAY_KEY_SECRET:}
                            base-url: ${RAZORPAY_API_BASE_URL:}   # default https://api.razorpay.com
                        """);
    }
}
