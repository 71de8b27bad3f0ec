package dev.payhook.provider;

/**
 * A provider's refund API (DESIGN.md §12). Both calls carry the call's reference; each either
 * answers or throws {@link ApiFailure} when it cannot tell what happened.
 */
public interface Refunds {

    /** Asks for the refund; the same call again under the same reference is the same refund. */
    RefundAnswer create(RefundCall call);

    /** What the provider says of the refund with the call's reference. */
    RefundAnswer find(RefundCall call);
}
