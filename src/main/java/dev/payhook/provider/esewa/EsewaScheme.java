package dev.payhook.provider.esewa;

import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * eSewa has no webhook: its scheme verifies the payer's browser return (docs/DESIGN.md §9). A
 * return carries no time, so there is no replay window: a replayed return is the same hint again,
 * and only the status API's answer pays.
 */
@Component
public class EsewaScheme implements SchemeFactory<EsewaSettings> {

    @Override
    public String name() {
        return "esewa";
    }

    @Override
    public Class<EsewaSettings> settings() {
        return EsewaSettings.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("esewa");
    }

    @Override
    public SignatureScheme create(String provider, EsewaSettings settings, Clock clock) {
        byte[] secret = settings.getApi().getSecret().trim().getBytes(StandardCharsets.UTF_8);
        return new BrowserReturnScheme(body -> EsewaSignature.verify(body, secret));
    }
}
