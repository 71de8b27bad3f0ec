package dev.payhook.provider.alipay;

import dev.payhook.provider.ProviderSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Alipay's RSA public keys (base64 X.509, PEM key or PEM certificate; several while one is rotated). */
public class AlipayKeys implements ProviderSettings {

    private List<String> publicKeys = new ArrayList<>();

    public List<String> getPublicKeys() {
        return publicKeys;
    }

    public void setPublicKeys(List<String> publicKeys) {
        this.publicKeys = publicKeys == null ? new ArrayList<>() : publicKeys;
    }

    /** The configured keys without the blanks an unset environment variable leaves. */
    List<String> present() {
        return publicKeys.stream()
                .filter(k -> k != null && !k.isBlank())
                .map(String::trim)
                .toList();
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("public-keys", !present().isEmpty());
    }
}
