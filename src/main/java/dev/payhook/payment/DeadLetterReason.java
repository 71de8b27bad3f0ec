package dev.payhook.payment;

/** Why an authentic delivery was not applied and waits for ops on the dead-letter channel. */
public enum DeadLetterReason implements WireName {
    UNKNOWN_ORDER,
    UNKNOWN_PRODUCT,
    /** Its content cannot be read (not the provider's format, a field missing or malformed). */
    UNPARSEABLE,
    /** A thin notification names an object the provider's API does not know. */
    UNKNOWN_OBJECT,
    /** An id Payhook cannot store or match (too long, a control character). */
    INVALID_IDENTIFIER,
    /** It failed on its own the configured number of times (a bug). */
    PROCESSING_FAILED,
    /** A type table's action that the provider's own object contradicts (a failed payment read as paid). */
    TABLE_CONTRADICTS_OBJECT,
    /** Something on the inbound queue that the ingress did not write. */
    NOT_A_PAYHOOK_ENVELOPE
}
