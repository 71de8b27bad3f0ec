package dev.payhook.provider.imepay;

import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * IME Pay has no webhook and signs nothing it sends back through the payer's browser: this scheme
 * can only refuse a return that does not read as one. Its proof is IME Pay's Confirm and Recheck
 * API, asked with what the return carries (docs/DESIGN.md §9).
 */
@Component
public class ImepayScheme implements SchemeFactory<ImepaySettings> {

    @Override
    public String name() {
        return "imepay";
    }

    @Override
    public Class<ImepaySettings> settings() {
        return ImepaySettings.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("imepay");
    }

    @Override
    public SignatureScheme create(String provider, ImepaySettings settings, Clock clock) {
        return new BrowserReturnScheme(body -> {
            try {
                ImepayReturn.parse(body);
            } catch (UnparseablePayload e) {
                throw new WebhookRejected("malformed_return");
            }
        });
    }
}
