package dev.payhook.config;

import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadFeature;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
    PayhookProperties.class,
    IngressProperties.class,
    OpsProperties.class,
    ReconcileProperties.class,
    SubscriptionProperties.class,
    EvidenceProperties.class,
    RefundProperties.class
})
public class PayhookConfig {

    @Bean
    TrustedProxies trustedProxies(IngressProperties ingress) {
        return new TrustedProxies(ingress.getTrustedProxies());
    }

    /** The merchant's and ops' JSON with a key twice is refused (400), not read as its last value. */
    @Bean
    JsonMapperBuilderCustomizer strictDuplicateKeys() {
        return builder -> builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
