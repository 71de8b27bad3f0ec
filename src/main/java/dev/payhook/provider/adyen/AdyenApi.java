package dev.payhook.provider.adyen;

import dev.payhook.config.ProviderProperties;
import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFactory;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import dev.payhook.provider.Refunds;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.UnparseablePayload;
import java.util.List;
import java.util.Optional;

/**
 * Adyen's Checkout API, for refunds only: Adyen has no API that tells a payment's status (its
 * notifications do), so the reconciler cannot ask it, and Payhook refunds through it.
 */
public class AdyenApi implements ApiFactory<AdyenApiSettings> {

    private static final String TEST = "https://checkout-test.adyen.com/v71";

    @Override
    public String name() {
        return "adyen";
    }

    @Override
    public Class<AdyenApiSettings> settings() {
        return AdyenApiSettings.class;
    }

    @Override
    public ProviderApi create(
            String provider,
            AdyenApiSettings settings,
            ProviderProperties.Mode mode,
            SignatureScheme scheme,
            ApiCalls calls) {
        if (mode == ProviderProperties.Mode.live
                && (settings.baseUrl() == null || settings.baseUrl().isBlank())) {
            throw new IllegalStateException(
                    "payhook.providers." + provider + ".api.base-url is required in live "
                            + "mode: the account's live Checkout endpoint, "
                            + "https://<prefix>-checkout-live.adyenpayments.com/checkout/v71 (Customer Area, Developers, API URLs)");
        }
        String base = ApiCalls.baseUrl(settings.baseUrl(), mode, TEST, TEST);
        return new Client(new AdyenRefunds(
                base, settings.key().trim(), settings.merchantAccount().trim(), calls));
    }

    private record Client(AdyenRefunds client) implements ProviderApi {

        @Override
        public boolean asksAboutPayments() {
            return false;
        }

        @Override
        public List<Fact> lookupPayment(KnownPayment payment) {
            return List.of();
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
}
