package dev.payhook.provider;

/** The request is not provably from the provider (bad or missing signature, stale timestamp). */
public class WebhookRejected extends RuntimeException {

    private final String reason;

    public WebhookRejected(String reason) {
        super(reason, null, false, false);
        this.reason = reason;
    }

    /** A short machine-readable reason, safe to log and to answer: never a secret or signature. */
    public String reason() {
        return reason;
    }
}
