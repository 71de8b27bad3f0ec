package dev.payhook.provider.standardwebhooks;

import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The Standard Webhooks scheme, which many senders share (Dodo Payments among them): each provider
 * using it names its own format.
 */
@Component
public class StandardWebhooksScheme implements SchemeFactory<HmacSecrets> {

    /** The message id header, kept by the sender across retries: the natural event id of its formats. */
    public static final String MESSAGE_ID = StandardWebhooksSignature.ID;

    @Override
    public String name() {
        return "standard-webhooks";
    }

    @Override
    public Class<HmacSecrets> settings() {
        return HmacSecrets.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.empty();
    }

    @Override
    public SignatureScheme create(String provider, HmacSecrets secrets, Clock clock) {
        return new StandardWebhooksSignature(provider, secrets, clock);
    }
}
