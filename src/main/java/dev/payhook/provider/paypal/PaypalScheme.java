package dev.payhook.provider.paypal;

import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** PayPal's certificate-signed webhooks (docs/DESIGN.md §9). */
@Component
public class PaypalScheme implements SchemeFactory<PaypalSettings> {

    @Override
    public String name() {
        return "paypal-cert";
    }

    @Override
    public Class<PaypalSettings> settings() {
        return PaypalSettings.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("paypal");
    }

    @Override
    public SignatureScheme create(String provider, PaypalSettings settings, Clock clock) {
        return new PaypalSignature(
                settings.getWebhookId(),
                new PaypalCertificates(settings.pinned(), "payhook.providers." + provider + ".certificates"),
                settings.getTolerance(),
                clock);
    }
}
