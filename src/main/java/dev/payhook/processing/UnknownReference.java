package dev.payhook.processing;

import dev.payhook.payment.DeadLetterReason;

/**
 * The event names an order or product Payhook does not know: nothing may be granted, and the
 * message goes to the dead-letter channel at once, to be replayed once ops fixed the reference.
 */
public class UnknownReference extends RuntimeException {

    private final DeadLetterReason reason;

    public UnknownReference(DeadLetterReason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** {@link DeadLetterReason#UNKNOWN_ORDER} or {@link DeadLetterReason#UNKNOWN_PRODUCT}. */
    public DeadLetterReason reason() {
        return reason;
    }
}
