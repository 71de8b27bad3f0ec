package dev.payhook.payment;

/** What processing did with a notification, or with one event of it (docs/DESIGN.md §1, step C). */
public enum ReceiptOutcome implements WireName {
    /** Recorded, not processed yet. */
    RECEIVED,
    APPLIED,
    /** Its event id was seen before. */
    DUPLICATE,
    STALE,
    /** A type with no effect. */
    IGNORED,
    /** A contradiction: a review was opened. */
    REVIEW,
    DEAD_LETTERED,
    /** Its live/test flag contradicts the provider's mode: no effect at all. */
    REJECTED_MODE,
    /** It is for another merchant account or app than ours: no effect at all. */
    REJECTED_ACCOUNT,
    /** A payer's browser return whose signature did not verify, or that could not be read: never processed. */
    REJECTED_SIGNATURE;

    /** Refused whatever it says: the provider's word was not for this gateway, or not the provider's. */
    public boolean rejected() {
        return this == REJECTED_MODE || this == REJECTED_ACCOUNT || this == REJECTED_SIGNATURE;
    }

    public static ReceiptOutcome of(Verdict verdict) {
        return switch (verdict) {
            case APPLIED -> APPLIED;
            case STALE -> STALE;
            case REVIEW -> REVIEW;
        };
    }
}
