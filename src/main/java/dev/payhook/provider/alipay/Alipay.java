package dev.payhook.provider.alipay;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.FINDS_ORDERS;
import static dev.payhook.provider.Capability.REFUNDS;
import static dev.payhook.provider.Capability.REFUNDS_PART;

import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.types.TypeTables;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Alipay: its RSA2 scheme over the sorted form parameters, its format and its API, under the name {@code alipay}. */
@Configuration(proxyBeanMethods = false)
public class Alipay {

    /** RSA2 over the sorted form parameters, verified with Alipay's public keys. */
    public static SignatureScheme signature(String provider, AlipayKeys settings, Clock clock) {
        return new AlipaySignature(provider, settings);
    }

    @Bean
    static ProviderKind alipayKind(TypeTables tables) {
        return ProviderKind.named("alipay")
                .scheme("alipay-rsa2", AlipayKeys.class, Alipay::signature)
                .format(new AlipayFormat(tables))
                .api(AlipayApiSettings.class, AlipayApi::create, FINDS_ORDERS, CHECKS_PAYMENTS, REFUNDS, REFUNDS_PART);
    }
}
