package dev.payhook.provider.dodo;

import dev.payhook.support.JsonProviderScenarios;
import dev.payhook.support.TestProvider;

/** Dodo through the contract every provider passes. */
class DodoScenariosTest extends JsonProviderScenarios {

    @Override
    protected TestProvider testProvider() {
        return TestProvider.DODO;
    }
}
