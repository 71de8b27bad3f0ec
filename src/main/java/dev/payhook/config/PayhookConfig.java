package dev.payhook.config;

import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
    PayhookProperties.class,
    ReconcileProperties.class,
    SubscriptionProperties.class,
    EvidenceProperties.class
})
public class PayhookConfig {

    @Bean
    TrustedProxies trustedProxies(PayhookProperties properties) {
        return new TrustedProxies(properties.getIngress().getTrustedProxies());
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
