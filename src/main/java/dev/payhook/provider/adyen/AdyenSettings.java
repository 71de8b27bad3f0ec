package dev.payhook.provider.adyen;

import dev.payhook.provider.Credential;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.ProviderSettings;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Adyen's HMAC keys (hex, several while one is rotated) and the optional basic auth it sends. */
public record AdyenSettings(
        @Credential @DefaultValue List<String> secrets,
        @DefaultValue("5m") Duration tolerance,
        @DefaultValue("") String basicAuthUsername,
        @DefaultValue("") String basicAuthPassword)
        implements ProviderSettings {

    HmacSecrets hmac() {
        return new HmacSecrets(secrets, tolerance);
    }
}
