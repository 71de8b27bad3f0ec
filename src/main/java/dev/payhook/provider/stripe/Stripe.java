package dev.payhook.provider.stripe;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.CHECKS_SUBSCRIPTIONS;
import static dev.payhook.provider.Capability.FINDS_ORDERS;
import static dev.payhook.provider.Capability.READS_FEED;
import static dev.payhook.provider.Capability.REFUNDS;
import static dev.payhook.provider.Capability.REFUNDS_PART;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.ApiKey;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.TimestampedHmac;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Stripe: its scheme, its event format and its API, under the name {@code stripe}. */
@Configuration(proxyBeanMethods = false)
public class Stripe {

    /** {@code Stripe-Signature: t=..,v1=..}, HMAC-SHA256 over {@code t.body}. */
    public static final TimestampedHmac.Format SIGNATURE =
            new TimestampedHmac.Format("Stripe-Signature", ",", "t", "v1", ".");

    /** Stripe's scheme, answered {@code {"received":true}}. */
    public static SignatureScheme signature(String provider, HmacSecrets secrets, Clock clock) {
        return new TimestampedHmac(SIGNATURE, secrets, clock, Acknowledgement.json(200, "{\"received\":true}"));
    }

    @Bean
    static ProviderKind stripeKind(TypeTables tables) {
        return ProviderKind.named("stripe")
                .scheme("stripe", HmacSecrets.class, Stripe::signature)
                .format(new StripeFormat(tables))
                .api(
                        ApiKey.class,
                        StripeApi::create,
                        FINDS_ORDERS,
                        CHECKS_PAYMENTS,
                        CHECKS_SUBSCRIPTIONS,
                        READS_FEED,
                        REFUNDS,
                        REFUNDS_PART);
    }
}
