package dev.payhook.provider.adyen;

import dev.payhook.config.ProviderProperties;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.UnparseablePayload;
import java.util.Optional;

/**
 * Adyen's Checkout API, for refunds only: Adyen has no API that tells a payment's status (its
 * notifications do), so the reconciler cannot ask it, and Payhook refunds through it.
 */
record AdyenApi(AdyenRefunds client) implements ProviderApi {

    private static final String TEST = "https://checkout-test.adyen.com/v71";

    static AdyenApi create(ApiSetup setup, AdyenApiSettings settings) {
        if (setup.mode() == ProviderProperties.Mode.live
                && (settings.baseUrl() == null || settings.baseUrl().isBlank())) {
            throw new IllegalStateException(
                    "payhook.providers." + setup.provider() + ".api.base-url is required in live "
                            + "mode: the account's live Checkout endpoint, "
                            + "https://<prefix>-checkout-live.adyenpayments.com/checkout/v71 (Customer Area, Developers, API URLs)");
        }
        String base = setup.baseUrl(settings.baseUrl(), TEST, TEST);
        return new AdyenApi(new AdyenRefunds(
                base, settings.key().trim(), settings.merchantAccount().trim(), setup.calls()));
    }

    @Override
    public Optional<Refunds> refunds() {
        return Optional.of(client);
    }

    /** Adyen's refund answers never tell an outcome (its REFUND notification does): no fact to read. */
    @Override
    public Reading read(Fact fact) {
        return Reading.failed(null, new UnparseablePayload("Adyen's API gives no facts: " + fact.kind()));
    }
}
