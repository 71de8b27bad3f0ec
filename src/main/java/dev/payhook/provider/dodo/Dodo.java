package dev.payhook.provider.dodo;

import static dev.payhook.provider.Capability.CHECKS_PAYMENTS;
import static dev.payhook.provider.Capability.CHECKS_SUBSCRIPTIONS;
import static dev.payhook.provider.Capability.FINDS_ORDERS;
import static dev.payhook.provider.Capability.REFUNDS;

import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.types.TypeTables;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Dodo Payments: its event format and its API, under the name {@code dodo}; it signs with the
 * {@code standard-webhooks} scheme.
 */
@Configuration(proxyBeanMethods = false)
public class Dodo {

    @Bean
    static ProviderKind dodoKind(TypeTables tables) {
        return ProviderKind.named("dodo")
                .format(new DodoFormat(tables))
                .api(ApiKey.class, DodoApi::create, FINDS_ORDERS, CHECKS_PAYMENTS, CHECKS_SUBSCRIPTIONS, REFUNDS)
                .shipped("""
                        dodo:
                          scheme: standard-webhooks         # a scheme many senders share: each names its payload format
                          format: dodo
                          mode: test
                          secrets: [ "${DODO_WEBHOOK_SECRET:}" ]   # whsec_...
                          accounts:
                            business-id: ${DODO_BUSINESS_ID:}  # bus_...: a payload of another business is rejected_account
                          tolerance: 300s
                          api:
                            key: ${DODO_API_KEY:}
                            base-url: ${DODO_API_BASE_URL:}     # default by mode: https://test.dodopayments.com | https://live.dodopayments.com
                        """);
    }
}
