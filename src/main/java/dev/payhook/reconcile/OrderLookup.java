package dev.payhook.reconcile;

import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.reconcile.OpenWork.Known;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Asks the providers what became of one order: those that have said anything about it (by the
 * payments Payhook recorded, else by the order id), or, when none has, every provider that can
 * find a payment by order id, until one knows it.
 */
@Component
class OrderLookup {

    /** How a lookup of an order ended. */
    enum Answer {
        /** A provider answered with a payment for it (processed, whatever it said). */
        FOUND,
        /** The providers asked know no payment for it. */
        NOT_FOUND,
        /** No provider of the order can be asked. */
        CANNOT_ASK,
        /** A provider failed and none answered. */
        FAILED
    }

    private final ProviderRegistry providers;
    private final OpenWork work;

    OrderLookup(ProviderRegistry providers, OpenWork work) {
        this.providers = providers;
        this.work = work;
    }

    Answer check(Run run, String orderId) {
        List<Known> known = work.paymentsOf(orderId);
        List<String> named = work.providersOf(orderId).stream()
                .filter(p -> providers.find(p).isPresent())
                .toList();
        List<String> candidates = named.isEmpty() ? byOrderId() : named;
        if (candidates.isEmpty()) {
            run.finding(FindingKind.CANNOT_ASK, orderId, "no enabled provider can look up a payment by order id");
            return Answer.CANNOT_ASK;
        }
        List<String> failures = new ArrayList<>();
        boolean asked = false;
        boolean found = false;
        for (String name : candidates) {
            Provider provider = providers.get(name);
            Optional<ProviderApi> api = provider.api();
            List<KnownPayment> payments = known.stream()
                    .filter(k -> k.provider().equals(name))
                    .map(Known::payment)
                    .toList();
            if (api.isEmpty() || (payments.isEmpty() && !api.get().looksUpOrders())) {
                String why = api.isEmpty() ? provider.cannotAsk() : "it finds payments by its own ids, not by order id";
                run.finding(FindingKind.CANNOT_ASK, orderId, name + ": " + why);
                continue;
            }
            List<Fact> facts;
            try {
                facts = payments.isEmpty() ? byOrder(api.get(), orderId) : lookup(api.get(), payments);
            } catch (ApiFailure e) {
                failures.add(name + ": " + e.getMessage());
                continue;
            }
            asked = true;
            facts.forEach(f -> run.take(name, f));
            found |= !facts.isEmpty();
            if (found && named.isEmpty()) {
                break;
            }
        }
        if (!failures.isEmpty()) {
            if (!found) {
                failures.forEach(run::failed);
                return Answer.FAILED;
            }
            failures.forEach(f -> run.finding(FindingKind.PROVIDER_FAILED, orderId, f));
        }
        if (found) {
            return Answer.FOUND;
        }
        if (!asked) {
            return Answer.CANNOT_ASK;
        }
        run.finding(FindingKind.NOT_FOUND, orderId, "no payment for the order at " + String.join(", ", candidates));
        return Answer.NOT_FOUND;
    }

    private List<Fact> byOrder(ProviderApi api, String orderId) {
        return work.order(orderId).map(api::lookupOrder).orElse(List.of());
    }

    /** What the provider says now of payments it was already known for. */
    static List<Fact> lookup(ProviderApi api, List<KnownPayment> payments) {
        List<Fact> facts = new ArrayList<>();
        payments.forEach(p -> facts.addAll(api.lookupPayment(p)));
        return facts;
    }

    private List<String> byOrderId() {
        return providers.enabled().entrySet().stream()
                .filter(e -> e.getValue().api().map(ProviderApi::looksUpOrders).orElse(false))
                .map(java.util.Map.Entry::getKey)
                .sorted()
                .toList();
    }
}
