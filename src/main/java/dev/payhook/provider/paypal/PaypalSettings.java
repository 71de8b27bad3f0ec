package dev.payhook.provider.paypal;

import dev.payhook.provider.ProviderSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PayPal's webhook settings: the id of our webhook (part of what PayPal signs), the signing
 * certificates pinned for offline verification (PEM; none: downloaded from PayPal's API hosts), and
 * the tolerance on the transmission time.
 */
public class PaypalSettings implements ProviderSettings {

    private String webhookId;
    private List<String> certificates = new ArrayList<>();
    private Duration tolerance = Duration.ofMinutes(5);

    public String getWebhookId() {
        return webhookId;
    }

    public void setWebhookId(String webhookId) {
        this.webhookId = webhookId;
    }

    public List<String> getCertificates() {
        return certificates;
    }

    public void setCertificates(List<String> certificates) {
        this.certificates = certificates == null ? new ArrayList<>() : certificates;
    }

    public Duration getTolerance() {
        return tolerance;
    }

    public void setTolerance(Duration tolerance) {
        this.tolerance = tolerance;
    }

    List<String> pinned() {
        return certificates.stream().filter(c -> c != null && !c.isBlank()).toList();
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("webhook-id", webhookId != null && !webhookId.isBlank());
    }
}
