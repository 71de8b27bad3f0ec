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
                        REFUNDS_PART);
    }
}
