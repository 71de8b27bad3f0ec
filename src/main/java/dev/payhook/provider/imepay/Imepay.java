package dev.payhook.provider.imepay;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** IME Pay: its scheme, its return format and its Confirm/Recheck API, as {@code imepay}. */
@Configuration(proxyBeanMethods = false)
public class Imepay {

    /**
     * IME Pay has no webhook and signs nothing it sends back through the payer's browser: this
     * scheme can only refuse a return that does not read as one. Its proof is IME Pay's Confirm and
     * Recheck API, asked with what the return carries (docs/DESIGN.md §9).
     */
    public static SchemeFactory<ImepaySettings> scheme() {
        return SchemeFactory.of(
                "imepay",
                ImepaySettings.class,
                "imepay",
                (provider, settings, clock) -> new BrowserReturnScheme(body -> {
                    try {
                        ImepayReturn.parse(body);
                    } catch (UnparseablePayload e) {
                        throw new WebhookRejected("malformed_return");
                    }
                }));
    }

    @Bean
    SchemeFactory<ImepaySettings> imepayScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> imepayFormat() {
        return new ImepayFormat();
    }

    @Bean
    ApiFactory<?> imepayApi(Clock clock) {
        return new ImepayApi(clock);
    }
}
