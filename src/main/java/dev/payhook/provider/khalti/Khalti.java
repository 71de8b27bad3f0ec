package dev.payhook.provider.khalti;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme.ReturnCarrier;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Khalti (ePayment, KPG-2): its scheme, its return format and its lookup and refund API, as {@code khalti}. */
@Configuration(proxyBeanMethods = false)
public class Khalti {

    /**
     * Khalti has no webhook and signs nothing it sends back through the payer's browser: this
     * scheme can only refuse a return that does not read as one. Its proof is the lookup API, asked
     * with the return's {@code pidx} (docs/DESIGN.md §9).
     */
    public static SchemeFactory<KhaltiSettings> scheme() {
        return SchemeFactory.of(
                "khalti",
                KhaltiSettings.class,
                "khalti",
                (provider, settings, clock) -> new BrowserReturnScheme(ReturnCarrier.QUERY, body -> {
                    try {
                        KhaltiReturn.parse(body);
                    } catch (UnparseablePayload e) {
                        throw new WebhookRejected("malformed_return");
                    }
                }));
    }

    @Bean
    SchemeFactory<KhaltiSettings> khaltiScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> khaltiFormat() {
        return new KhaltiFormat();
    }

    @Bean
    ApiFactory<?> khaltiApi(Clock clock) {
        return new KhaltiApi(clock);
    }
}
