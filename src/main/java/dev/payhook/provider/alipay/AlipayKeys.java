package dev.payhook.provider.alipay;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** Alipay's RSA public keys (base64 X.509, PEM key or PEM certificate; several while one is rotated). */
public record AlipayKeys(@Credential @DefaultValue List<String> publicKeys) implements ProviderSettings {

    /** The configured keys without the blanks an unset environment variable leaves. */
    List<String> present() {
        return ProviderSettings.present(publicKeys);
    }
}
