package dev.payhook.payment;

/** What one event did to its payment's state. */
public enum Verdict implements WireName {
    /** It moved the state. */
    APPLIED,
    /** It is older than events already known and changes nothing. */
    STALE,
    /** The transition table forbids it: a contradiction for a person to look at. */
    REVIEW
}
