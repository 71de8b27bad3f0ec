package dev.payhook.provider.paddle;

import dev.payhook.support.JsonProviderScenarios;
import dev.payhook.support.TestProvider;

/** Paddle through the contract every provider passes. */
class PaddleScenariosTest extends JsonProviderScenarios {

    @Override
    protected TestProvider testProvider() {
        return TestProvider.PADDLE;
    }
}
