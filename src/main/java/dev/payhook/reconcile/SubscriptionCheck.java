package dev.payhook.reconcile;

import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Capability;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.store.SubscriptionStore;
import dev.payhook.store.SubscriptionStore.Followed;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The daily run asks each provider about every subscription Payhook follows that has not ended: a
 * lost {@code subscription.canceled} is found so, and goes through the same processing as the
 * webhook would (evidence, the event-id lock, derived state). What processing cannot apply is a
 * finding of the run, as for any fact, and so is a subscription the provider does not know; a
 * provider that cannot be asked is one finding.
 */
@Component
class SubscriptionCheck {

    private final SubscriptionStore subscriptions;
    private final ProviderRegistry providers;

    SubscriptionCheck(SubscriptionStore subscriptions, ProviderRegistry providers) {
        this.subscriptions = subscriptions;
        this.providers = providers;
    }

    void check(Run run) {
        Set<String> cannotAsk = new HashSet<>();
        for (Followed s : subscriptions.notEnded()) {
            Optional<ProviderApi> api = providers
                    .find(s.provider())
                    .filter(p -> p.can(Capability.CHECKS_SUBSCRIPTIONS))
                    .flatMap(Provider::api);
            if (api.isEmpty()) {
                if (cannotAsk.add(s.provider())) {
                    run.finding(
                            FindingKind.CANNOT_ASK,
                            null,
                            s.provider()
                                    + ": its subscriptions cannot be asked about (no subscription API configured)");
                }
                continue;
            }
            try {
                List<Fact> answer = api.get().lookupSubscription(s.providerSubscriptionId());
                if (answer.isEmpty()) {
                    // deleted at the provider, or never there: a person looks, the run goes on
                    run.finding(
                            FindingKind.NOT_FOUND,
                            s.orderId(),
                            s.provider() + ": subscription " + s.providerSubscriptionId() + " is not known to it");
                }
                answer.forEach(fact -> run.take(s.provider(), fact));
            } catch (ApiFailure e) {
                run.failed(s.provider() + ": subscription " + s.providerSubscriptionId() + ": " + e.getMessage());
            }
        }
    }
}
