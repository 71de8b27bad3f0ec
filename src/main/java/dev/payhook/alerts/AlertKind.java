package dev.payhook.alerts;

import dev.payhook.payment.WireName;

/** Anomalies that are neither a dead letter, a review nor an outcome of their own. */
public enum AlertKind implements WireName {
    /** More refused signatures of one provider in a window than an honest sender produces: an attack or a wrong secret. */
    SIGNATURE_FAILURE_BURST,
    /** A reconciliation run could not finish: a provider's API failed after its retries, or processing did. */
    RECONCILE_FAILED,
    /**
     * A refund request whose call got no answer is still unknown when the provider is asked again:
     * money may have gone back or not, and a person should look before anyone refunds by hand.
     */
    REFUND_OUTCOME_UNKNOWN
}
