package dev.payhook.provider;

/** What a provider answered about a refund; no answer at all is an {@link ApiFailure}: the outcome is unknown. */
public sealed interface RefundAnswer {

    /**
     * The provider has the refund under Payhook's reference.
     *
     * @param fact the provider's own words about it once it succeeded or failed, for processing to
     *     apply like its webhook; null while it is pending
     */
    record Known(String providerRefundId, Fact fact) implements RefundAnswer {}

    /** The provider refused the call: nothing was refunded. */
    record Refused(String reason) implements RefundAnswer {}

    /** The provider has no refund under the reference. */
    record NotFound() implements RefundAnswer {}
}
