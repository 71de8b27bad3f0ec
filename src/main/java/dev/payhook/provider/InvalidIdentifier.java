package dev.payhook.provider;

/** An authentic notification naming an id Payhook cannot store or match: dead-lettered at once, never retried. */
public class InvalidIdentifier extends UnparseablePayload {

    public InvalidIdentifier(String message) {
        super(message);
    }
}
