package dev.payhook.provider;

import java.util.Set;

/** A provider whose requests are verified by a {@link TimestampedHmac}; mapping its payloads is the subclass's. */
public abstract class TimestampedHmacAdapter implements ProviderAdapter {

    protected final String provider;
    private final TimestampedHmac signature;

    protected TimestampedHmacAdapter(String provider, TimestampedHmac signature) {
        this.provider = provider;
        this.signature = signature;
    }

    @Override
    public Set<String> headerNames() {
        return Set.of(signature.header());
    }

    @Override
    public void verify(WebhookRequest request) {
        signature.verify(request);
    }
}
