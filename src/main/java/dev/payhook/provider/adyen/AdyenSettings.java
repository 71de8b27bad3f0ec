package dev.payhook.provider.adyen;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Adyen's HMAC keys (hex, several while one is rotated) and the optional basic auth it sends. Its
 * notifications carry no signed timestamp, so there is no tolerance to set.
 */
public record AdyenSettings(
        @Credential @DefaultValue List<String> secrets,
        @DefaultValue("") String basicAuthUsername,
        @DefaultValue("") String basicAuthPassword)
        implements ProviderSettings {

    /** The configured keys without the blanks an unset environment variable leaves. */
    List<String> present() {
        return ProviderSettings.present(secrets);
    }
}
