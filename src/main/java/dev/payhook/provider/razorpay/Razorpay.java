package dev.payhook.provider.razorpay;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Razorpay: its scheme, its event format and its API, under the name {@code razorpay}. */
@Configuration(proxyBeanMethods = false)
public class Razorpay {

    /** {@code X-Razorpay-Signature}: hex HMAC-SHA256 of the raw body with the webhook secret. */
    public static SchemeFactory<HmacSecrets> scheme() {
        return SchemeFactory.of(
                "razorpay",
                HmacSecrets.class,
                "razorpay",
                (provider, secrets, clock) -> new RazorpaySignature(secrets));
    }

    @Bean
    SchemeFactory<HmacSecrets> razorpayScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> razorpayFormat(TypeTables tables) {
        return new RazorpayFormat(tables);
    }

    @Bean
    ApiFactory<?> razorpayApi() {
        return new RazorpayApi();
    }
}
