package dev.payhook.provider.esewa;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** eSewa: its scheme, its return format and its status API, as {@code esewa}. */
@Configuration(proxyBeanMethods = false)
public class Esewa {

    /**
     * eSewa has no webhook: its scheme verifies the payer's browser return (docs/DESIGN.md §9). A
     * return carries no time, so there is no replay window: a replayed return is the same hint
     * again, and only the status API's answer pays.
     */
    public static SchemeFactory<EsewaSettings> scheme() {
        return SchemeFactory.of("esewa", EsewaSettings.class, "esewa", (provider, settings, clock) -> {
            byte[] secret = settings.api().secret().trim().getBytes(StandardCharsets.UTF_8);
            return new BrowserReturnScheme(body -> EsewaSignature.verify(body, secret));
        });
    }

    @Bean
    SchemeFactory<EsewaSettings> esewaScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> esewaFormat() {
        return new EsewaFormat();
    }

    @Bean
    ApiFactory<?> esewaApi(Clock clock) {
        return new EsewaApi(clock);
    }
}
