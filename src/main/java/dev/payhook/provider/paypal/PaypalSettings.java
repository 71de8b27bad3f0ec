package dev.payhook.provider.paypal;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * PayPal's webhook settings: the id of our webhook (part of what PayPal signs), the signing
 * certificates pinned for offline verification (PEM; none: downloaded from PayPal's API hosts), and
 * the tolerance on the transmission time.
 */
public record PaypalSettings(
        @Credential String webhookId,
        @DefaultValue List<String> certificates,
        @DefaultValue("5m") Duration tolerance) implements ProviderSettings {

    List<String> pinned() {
        return certificates.stream().filter(c -> c != null && !c.isBlank()).toList();
    }
}
