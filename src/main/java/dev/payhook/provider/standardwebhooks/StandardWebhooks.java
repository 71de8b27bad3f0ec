package dev.payhook.provider.standardwebhooks;

import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.SignatureScheme;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Standard Webhooks scheme, which many senders share (Dodo Payments among them): each provider
 * using it names its own format.
 */
@Configuration(proxyBeanMethods = false)
public class StandardWebhooks {

    /** The message id header, kept by the sender across retries: the natural event id of its formats. */
    public static final String MESSAGE_ID = StandardWebhooksSignature.ID;

    /** {@code webhook-signature} over {@code id.timestamp.body}, with the timestamp in its window. */
    public static SignatureScheme signature(String provider, HmacSecrets settings, Clock clock) {
        return new StandardWebhooksSignature(provider, settings, clock);
    }

    @Bean
    static ProviderKind standardWebhooksKind() {
        return ProviderKind.named("standard-webhooks")
                .scheme("standard-webhooks", HmacSecrets.class, StandardWebhooks::signature);
    }
}
