package dev.payhook.provider.stripe;

import dev.payhook.support.JsonProviderScenarios;
import dev.payhook.support.TestProvider;

/** Stripe through the contract every provider passes. */
class StripeScenariosTest extends JsonProviderScenarios {

    @Override
    protected TestProvider testProvider() {
        return TestProvider.STRIPE;
    }
}
