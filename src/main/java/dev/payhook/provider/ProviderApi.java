package dev.payhook.provider;

import java.util.List;
import java.util.Optional;

/**
 * A provider's API as the reconciler asks it (docs/DESIGN.md §7): the provider is the truth, a
 * webhook only a hint. Every call either answers or throws {@link ApiFailure}; what it answers are
 * {@link Fact}s, the response bytes as evidence, which {@link #read} turns into events for the same
 * processing as a webhook.
 */
public interface ProviderApi {

    /**
     * One fact per payment the provider has for the local order; empty when it knows none. Asked
     * only of a kind declaring {@link Capability#FINDS_ORDERS}.
     */
    default List<Fact> lookupOrder(OrderRef order) {
        return List.of();
    }

    /**
     * What the provider says now of a payment Payhook has recorded. Asked only of a kind declaring
     * {@link Capability#CHECKS_PAYMENTS}; an API Payhook only refunds through answers nothing.
     */
    default List<Fact> lookupPayment(KnownPayment payment) {
        return List.of();
    }

    /**
     * What the provider says now of a subscription Payhook follows: its status, period and
     * cancellation, read like the subscription's webhooks. Empty when the provider does not know
     * it. Asked only of a kind declaring {@link Capability#CHECKS_SUBSCRIPTIONS}.
     */
    default List<Fact> lookupSubscription(String providerSubscriptionId) {
        return List.of();
    }

    /** The provider's event feed, where it has one. */
    default Optional<EventFeed> feed() {
        return Optional.empty();
    }

    /**
     * What the provider says of the payment a payer's browser just came back from, asked with what
     * the verified return carries (docs/DESIGN.md §9). Only providers whose scheme
     * {@linkplain SignatureScheme#readsBrowserReturns reads browser returns} are asked.
     */
    default List<Fact> confirmReturn(WebhookRequest verifiedReturn) {
        return List.of();
    }

    /**
     * The object a thin notification names, as the API answers it now, tried once (processing
     * tries again later); empty when the provider does not know it.
     */
    default Optional<Fact> fetch(ObjectRef object) {
        throw new UnparseablePayload("the API client fetches no " + object.type());
    }

    /** The provider's refund API, where Payhook can give money back through it. */
    default Optional<Refunds> refunds() {
        return Optional.empty();
    }

    /** A fact's bytes as events; never throws for bad content. */
    Reading read(Fact fact);
}
