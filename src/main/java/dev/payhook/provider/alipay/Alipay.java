package dev.payhook.provider.alipay;

import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Alipay: its scheme ({@code alipay-rsa2}), its notification format and its API, as {@code alipay}. */
@Configuration(proxyBeanMethods = false)
public class Alipay {

    /** RSA2 over the sorted form parameters. */
    public static SchemeFactory<AlipayKeys> scheme() {
        return SchemeFactory.of(
                "alipay-rsa2",
                AlipayKeys.class,
                "alipay",
                (provider, settings, clock) -> new AlipaySignature(provider, settings));
    }

    @Bean
    SchemeFactory<AlipayKeys> alipayScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> alipayFormat(TypeTables tables) {
        return new AlipayFormat(tables);
    }

    @Bean
    ApiFactory<?> alipayApi(Clock clock) {
        return new AlipayApi(clock);
    }
}
