package dev.payhook.reconcile;

import dev.payhook.payment.WireName;

public enum RunStatus implements WireName {
    RUNNING,
    DONE,
    /** A provider's API failed (after its retries) or processing did: the error says which. */
    FAILED
}
