package dev.payhook.provider.paddle;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.CHECKS_SUBSCRIPTIONS;
import static dev.payhook.provider.Capability.READS_FEED;
import static dev.payhook.provider.Capability.REFUNDS;

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

/** Paddle Billing: its scheme, its event format and its API, under the name {@code paddle}. */
@Configuration(proxyBeanMethods = false)
public class Paddle {

    /** {@code Paddle-Signature: ts=..;h1=..}, HMAC-SHA256 over {@code ts:body}. */
    public static final TimestampedHmac.Format SIGNATURE =
            new TimestampedHmac.Format("Paddle-Signature", ";", "ts", "h1", ":");

    public static SignatureScheme signature(String provider, HmacSecrets secrets, Clock clock) {
        return new TimestampedHmac(SIGNATURE, secrets, clock, Acknowledgement.empty(200));
    }

    @Bean
    static ProviderKind paddleKind(TypeTables tables) {
        return ProviderKind.named("paddle")
                .scheme("paddle", HmacSecrets.class, Paddle::signature)
                .format(new PaddleFormat(tables))
                .api(ApiKey.class, PaddleApi::create, CHECKS_PAYMENTS, CHECKS_SUBSCRIPTIONS, READS_FEED, REFUNDS)
                .shipped("""
                        paddle:
                          scheme: paddle
                          mode: test
                          secrets: [ "${PADDLE_WEBHOOK_SECRET:}" ]
                          tolerance: 300s
                          api:
                            key: ${PADDLE_API_KEY:}         # read access to events, transactions, adjustments
                            base-url: ${PADDLE_API_BASE_URL:}   # default by mode: https://sandbox-api.paddle.com | https://api.paddle.com
                        """);
    }
}
