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
                        REFUNDS_PART)
                .shipped("""
                        stripe:
                          scheme: stripe
                          mode: test                        # test | live
                          secrets: [ "${STRIPE_WEBHOOK_SECRET:}" ]
                          tolerance: 300s
                          accounts:                         # optional: a Connect event for another account is rejected_account
                            account: ${STRIPE_ACCOUNT_IDS:}   # comma-separated acct_... ids
                          api:                              # optional: without it the reconciler cannot ask Stripe
                            key: ${STRIPE_API_KEY:}         # a restricted key with read access to PaymentIntents, Refunds, Events
                            base-url: ${STRIPE_API_BASE_URL:}   # default https://api.stripe.com
                          return:                           # optional: where GET /returns/stripe?order_id=.. sends the payer
                            success-url: ${STRIPE_RETURN_SUCCESS_URL:}
                            failure-url: ${STRIPE_RETURN_FAILURE_URL:}
                            pending-url: ${STRIPE_RETURN_PENDING_URL:}         # not decided yet; unset: the failure page
                        """);
    }
}
