package dev.payhook.provider;

/** An authentic notification whose content Payhook cannot read: it fails on its own, retrying will not help. */
public class UnparseablePayload extends RuntimeException {

    public UnparseablePayload(String message, Throwable cause) {
        super(message, cause);
    }

    public UnparseablePayload(String message) {
        super(message);
    }
}
