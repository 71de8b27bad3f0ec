package dev.payhook.provider;

import java.util.Set;
import java.util.function.Consumer;

/**
 * The scheme of a provider without webhooks (docs/DESIGN.md §9): what it verifies is the payer's
 * browser return, its decoded {@code data} as the request body; {@code check} throws
 * {@link WebhookRejected} for one that is not the provider's.
 */
public final class BrowserReturnScheme implements SignatureScheme {

    private final Consumer<byte[]> check;

    public BrowserReturnScheme(Consumer<byte[]> check) {
        this.check = check;
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
