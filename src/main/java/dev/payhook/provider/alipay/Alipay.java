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
                .api(AlipayApiSettings.class, AlipayApi::create, FINDS_ORDERS, CHECKS_PAYMENTS, REFUNDS, REFUNDS_PART)
                .shipped("""
                        alipay:
                          scheme: alipay-rsa2
                          mode: test
                          public-keys: [ "${ALIPAY_PUBLIC_KEY:}" ]   # base64 X.509 SubjectPublicKeyInfo; also verify the API's answers
                          accounts:                         # a notification for another app or seller is rejected_account
                            app-id: ${ALIPAY_APP_ID:}
                            seller-id: ${ALIPAY_SELLER_ID:}   # optional: the 2088... partner id
                          api:
                            app-id: ${ALIPAY_APP_ID:}
                            private-key: ${ALIPAY_APP_PRIVATE_KEY:}   # the app's RSA2 key, base64 PKCS#8 (PEM accepted)
                            base-url: ${ALIPAY_GATEWAY_URL:}    # the gateway; default by mode: openapi-sandbox.dl.alipaydev.com | openapi.alipay.com
                        """);
    }
}
