package dev.payhook.provider.paypal;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.CHECKS_SUBSCRIPTIONS;
import static dev.payhook.provider.Capability.READS_FEED;
import static dev.payhook.provider.Capability.REFUNDS;
import static dev.payhook.provider.Capability.REFUNDS_PART;

import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** PayPal: webhooks signed with its certificate, its event format and its API, under the name {@code paypal}. */
@Configuration(proxyBeanMethods = false)
public class Paypal {

    /** Webhooks signed with PayPal's certificate, fetched from PayPal's hosts only or pinned. */
    public static SignatureScheme signature(String provider, PaypalSettings settings, Clock clock) {
        return new PaypalSignature(
                settings.webhookId(),
                new PaypalCertificates(settings.pinned(), "payhook.providers." + provider + ".certificates"),
                settings.tolerance(),
                clock);
    }

    @Bean
    static ProviderKind paypalKind(TypeTables tables) {
        return ProviderKind.named("paypal")
                .scheme("paypal-cert", PaypalSettings.class, Paypal::signature)
                .format(new PaypalFormat(tables))
                .api(
                        PaypalApiSettings.class,
                        PaypalApi::create,
                        CHECKS_PAYMENTS,
                        CHECKS_SUBSCRIPTIONS,
                        READS_FEED,
                        REFUNDS,
                        REFUNDS_PART)
                .shipped("""
                        paypal:
                          scheme: paypal-cert
                          mode: test
                          webhook-id: ${PAYPAL_WEBHOOK_ID:}   # the id of our webhook at PayPal: part of the signed text
                          # optional: PEM signing certificates, pinned; set, nothing is downloaded (offline). Unset: the
                          # PAYPAL-CERT-URL is fetched from PayPal's API hosts only, validated and cached.
                          certificates: [ "${PAYPAL_CERTIFICATE:}" ]
                          tolerance: 300s
                          api:                              # optional: the event list and capture lookups (OAuth2 client credentials)
                            client-id: ${PAYPAL_CLIENT_ID:}
                            client-secret: ${PAYPAL_CLIENT_SECRET:}
                            base-url: ${PAYPAL_API_BASE_URL:}   # default by mode: https://api-m.sandbox.paypal.com | https://api-m.paypal.com
                        """);
    }
}
