package dev.payhook.provider;

import java.util.Set;
import java.util.function.Consumer;

/**
 * The scheme of a provider without webhooks (docs/DESIGN.md §9): what it verifies is the payer's
 * browser return, as its carrier gives the request body; {@code check} throws
 * {@link WebhookRejected} for one that is not the provider's.
 */
public final class BrowserReturnScheme implements SignatureScheme {

    private final Consumer<byte[]> check;
    private final ReturnCarrier carrier;

    public BrowserReturnScheme(Consumer<byte[]> check) {
        this(ReturnCarrier.DATA, check);
    }

    public BrowserReturnScheme(ReturnCarrier carrier, Consumer<byte[]> check) {
        this.check = check;
        this.carrier = carrier;
    }

    /**
     * The scheme of a provider that signs nothing it sends back through the browser: it can only
     * refuse a return that does not {@code parse}; the provider's API is the proof.
     */
    public static BrowserReturnScheme unsigned(ReturnCarrier carrier, Consumer<byte[]> parse) {
        return new BrowserReturnScheme(carrier, body -> {
            try {
                parse.accept(body);
            } catch (UnparseablePayload e) {
                throw new WebhookRejected("malformed_return");
            }
        });
    }

    @Override
    public ReturnCarrier returnCarrier() {
        return carrier;
    }

    @Override
    public Set<String> headerNames() {
        return Set.of();
    }

    @Override
    public boolean readsBrowserReturns() {
        return true;
    }

    @Override
    public void verify(WebhookRequest request) {
        check.accept(request.body());
    }
}
