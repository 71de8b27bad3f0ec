package dev.payhook.support;

import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The gateway with a second account of two providers, each added by configuration alone:
 * {@code stripe-eu} (scheme stripe, its own secret and key) and {@code paypal-eu} (scheme
 * paypal-cert, its own webhook id and client credentials), their APIs at their own paths of
 * {@link ApiStubs}. Each test class closes its context after it: surefire's forks seldom run two
 * of them in one JVM, where a shared context would pay.
 */
@TestPropertySource(
        properties = {
            "payhook.providers.stripe-eu.scheme=stripe",
            "payhook.providers.stripe-eu.secrets[0]=" + SecondAccountsTest.STRIPE_EU_SECRET,
            "payhook.providers.stripe-eu.accounts.account=acct_T3stConnected",
            "payhook.providers.stripe-eu.api.key=" + SecondAccountsTest.STRIPE_EU_KEY,
            "payhook.providers.paypal-eu.scheme=paypal-cert",
            "payhook.providers.paypal-eu.webhook-id=" + SecondAccountsTest.PAYPAL_EU_WEBHOOK,
            "payhook.providers.paypal-eu.api.client-id=" + SecondAccountsTest.PAYPAL_EU_CLIENT,
            "payhook.providers.paypal-eu.api.client-secret=" + SecondAccountsTest.PAYPAL_EU_SECRET
        })
@DirtiesContext
public abstract class SecondAccountsTest extends GatewayTest {

    public static final String STRIPE_EU_SECRET = "whsec_stripe_eu_account_test";
    public static final String STRIPE_EU_KEY = "sk_test_PayhookEuAccountKey00000";
    public static final String PAYPAL_EU_WEBHOOK = "WH-EU-5EL03912FP436654T";
    public static final String PAYPAL_EU_CLIENT = "AcPayhookEuClient00000000000";
    public static final String PAYPAL_EU_SECRET = "EPayhookEuSecret000000000000";

    @DynamicPropertySource
    static void secondAccounts(DynamicPropertyRegistry registry) {
        registry.add("payhook.providers.stripe-eu.api.base-url", () -> ApiStubs.baseUrl("stripe-eu"));
        registry.add("payhook.providers.paypal-eu.certificates[0]", () -> PaypalKeys.certificate("current"));
        registry.add("payhook.providers.paypal-eu.api.base-url", () -> ApiStubs.baseUrl("paypal-eu"));
    }
}
