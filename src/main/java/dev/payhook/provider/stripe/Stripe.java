package dev.payhook.provider.stripe;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.TimestampedHmac;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Stripe: its scheme, its event format and its API, under the name {@code stripe}. */
@Configuration(proxyBeanMethods = false)
public class Stripe {

    /** {@code Stripe-Signature: t=..,v1=..}, HMAC-SHA256 over {@code t.body}; answered {@code {"received":true}}. */
    public static SchemeFactory<HmacSecrets> scheme() {
        return SchemeFactory.of(
                "stripe",
                HmacSecrets.class,
                "stripe",
                (provider, secrets, clock) -> new TimestampedHmac(
                        "stripe-signature",
                        ",",
                        "t",
                        "v1",
                        ".",
                        secrets,
                        clock,
                        Acknowledgement.json(200, "{\"received\":true}")));
    }

    @Bean
    SchemeFactory<HmacSecrets> stripeScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> stripeFormat(TypeTables tables) {
        return new StripeFormat(tables);
    }

    @Bean
    ApiFactory<?> stripeApi() {
        return new StripeApi();
    }
}
