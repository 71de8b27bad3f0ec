package dev.payhook.reconcile;

import dev.payhook.payment.WireName;

/** What a run found that it could not settle by processing alone: each one is for a person to look at. */
public enum FindingKind implements WireName {
    /** The provider takes webhooks but has no API credentials (or no API at all). */
    CANNOT_ASK,
    /** No provider that was asked knows a payment for the order. */
    NOT_FOUND,
    /** Still unpaid after {@code give-up-after}: a review, never an automatic close. */
    UNCONFIRMED_PAYMENT,
    /** The provider's answer contradicts what Payhook recorded: processing opened a review. */
    REVIEW,
    /** Processing could not apply the provider's answer (e.g. an unknown order): it is on payhook.dlq. */
    DEAD_LETTERED,
    /** The answer's live/test flag contradicts the provider's mode. */
    REJECTED_MODE,
    /** The answer is for another account than ours. */
    REJECTED_ACCOUNT,
    /** One provider failed while another one answered for the order. */
    PROVIDER_FAILED
}
