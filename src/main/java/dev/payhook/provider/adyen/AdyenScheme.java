package dev.payhook.provider.adyen;

import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Adyen's HMAC per notification item, with hex keys and optional basic auth. */
@Component
public class AdyenScheme implements SchemeFactory<AdyenSettings> {

    @Override
    public String name() {
        return "adyen-hmac";
    }

    @Override
    public Class<AdyenSettings> settings() {
        return AdyenSettings.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("adyen");
    }

    @Override
    public SignatureScheme create(String provider, AdyenSettings settings, Clock clock) {
        return new AdyenSignature(settings);
    }
}
