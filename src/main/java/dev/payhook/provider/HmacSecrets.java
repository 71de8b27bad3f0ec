package dev.payhook.provider;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The settings of the HMAC schemes: the shared secrets (several while one is rotated) and the
 * tolerance of the signed timestamp.
 */
public record HmacSecrets(
        @Credential @DefaultValue List<String> secrets,
        @DefaultValue("5m") Duration tolerance) implements ProviderSettings {

    /** The configured secrets without the blanks an unset environment variable leaves. */
    public List<String> present() {
        return ProviderSettings.present(secrets);
    }
}
