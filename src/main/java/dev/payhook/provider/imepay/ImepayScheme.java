package dev.payhook.provider.imepay;

import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
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
        return new SignatureScheme() {
            @Override
            public Set<String> headerNames() {
                return Set.of();
            }

            @Override
            public boolean readsBrowserReturns() {
                return true;
            }

            @Override
            public void verify(WebhookRequest request) {
                try {
                    ImepayReturn.parse(request.body());
                } catch (UnparseablePayload e) {
                    throw new WebhookRejected("malformed_return");
                }
            }
        };
    }
}
