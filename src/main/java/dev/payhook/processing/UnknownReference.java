package dev.payhook.processing;

/**
 * The event names an order or product Payhook does not know: nothing may be granted, and the
 * message goes to the dead-letter channel at once, to be replayed once ops fixed the reference.
 */
public class UnknownReference extends RuntimeException {

    private final String reason;

    public UnknownReference(String reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** {@code unknown_order} or {@code unknown_product}. */
    public String reason() {
        return reason;
    }
}
