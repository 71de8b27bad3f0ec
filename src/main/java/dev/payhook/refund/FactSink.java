package dev.payhook.refund;

import dev.payhook.provider.Fact;

/**
 * Where a provider's answer about a refund goes to be applied as processing applies its events:
 * processing implements it, so that refunds need not know processing.
 */
public interface FactSink {

    /** Applies {@code fact} of {@code provider} as if the provider had sent it, before returning. */
    void apply(String provider, Fact fact);
}
