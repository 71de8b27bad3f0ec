package dev.payhook.provider.paypal;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** PayPal: its scheme ({@code paypal-cert}), its event format and its API, as {@code paypal}. */
@Configuration(proxyBeanMethods = false)
public class Paypal {

    /** Webhooks signed with PayPal's certificate, fetched from PayPal's hosts only or pinned. */
    public static SchemeFactory<PaypalSettings> scheme() {
        return SchemeFactory.of(
                "paypal-cert",
                PaypalSettings.class,
                "paypal",
                (provider, settings, clock) -> new PaypalSignature(
                        settings.webhookId(),
                        new PaypalCertificates(settings.pinned(), "payhook.providers." + provider + ".certificates"),
                        settings.tolerance(),
                        clock));
    }

    @Bean
    SchemeFactory<PaypalSettings> paypalScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> paypalFormat(TypeTables tables) {
        return new PaypalFormat(tables);
    }

    @Bean
    ApiFactory<?> paypalApi(Clock clock) {
        return new PaypalApi(clock);
    }
}
