package dev.payhook.provider.paddle;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.FormatFactory;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.TimestampedHmac;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Paddle Billing: its scheme, its event format and its API, under the name {@code paddle}. */
@Configuration(proxyBeanMethods = false)
public class Paddle {

    /** {@code Paddle-Signature: ts=..;h1=..}, HMAC-SHA256 over {@code ts:body}. */
    public static SchemeFactory<HmacSecrets> scheme() {
        return SchemeFactory.of(
                "paddle",
                HmacSecrets.class,
                "paddle",
                (provider, secrets, clock) -> new TimestampedHmac(
                        "paddle-signature", ";", "ts", "h1", ":", secrets, clock, Acknowledgement.empty(200)));
    }

    @Bean
    SchemeFactory<HmacSecrets> paddleScheme() {
        return scheme();
    }

    @Bean
    FormatFactory<?> paddleFormat(TypeTables tables) {
        return new PaddleFormat(tables);
    }

    @Bean
    ApiFactory<?> paddleApi() {
        return new PaddleApi();
    }
}
