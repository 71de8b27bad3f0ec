package dev.payhook.provider.standardwebhooks;

import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SchemeFactory;
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

    public static SchemeFactory<HmacSecrets> scheme() {
        return SchemeFactory.of("standard-webhooks", HmacSecrets.class, null, StandardWebhooksSignature::new);
    }

    @Bean
    SchemeFactory<HmacSecrets> standardWebhooksScheme() {
        return scheme();
    }
}
