package dev.payhook.send;

import dev.payhook.provider.RsaKeys;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * One provider's settings as the gateway reads them (config/application.yml, the environment, the
 * arguments), for signing as that provider does; {@code --secret} and {@code --key} stand in for them.
 */
record ProviderKeys(String provider, Environment env, String secretGiven, Path keyGiven) {

    /** Where {@code bin/payhook --dev} keeps the test key pair it configured the gateway with. */
    static final String DEV_KEYSTORE = "data/dev/keys.p12";

    static final String DEV_ALIAS = "payhook-dev";

    String setting(String key, String fallback) {
        String value = env.getProperty(prefix() + key);
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    List<String> list(String key) {
        return Binder.get(env).bind(prefix() + key, Bindable.listOf(String.class)).orElse(List.of()).stream()
                .filter(s -> !s.isBlank())
                .toList();
    }

    Map<String, String> map(String key) {
        return Binder.get(env)
                .bind(prefix() + key, Bindable.mapOf(String.class, String.class))
                .orElse(Map.of());
    }

    /** The shared secret the provider signs with: {@code --secret}, or the first configured one. */
    String secret(String key) {
        if (secretGiven != null) {
            return secretGiven;
        }
        String configured =
                key.equals("secrets") ? list(key).stream().findFirst().orElse(null) : setting(key, null);
        if (configured == null) {
            throw new SendFailure(
                    "no " + prefix() + key + " is set, so " + provider
                            + " is switched off and there is nothing to sign with",
                    "set it (config/application.yml names its variable), start bin/payhook --dev, or pass --secret");
        }
        return env.resolvePlaceholders(configured);
    }

    /** The private half of the key the gateway checks this provider's signatures with. */
    PrivateKey privateKey() {
        try {
            if (keyGiven != null) {
                try {
                    return RsaKeys.privateKey(Files.readString(keyGiven), "--key " + keyGiven);
                } catch (RuntimeException notAKey) {
                    throw new SendFailure(
                            "--key " + keyGiven + " is not a PEM private key",
                            "pass --key with a PEM PKCS#8 private key");
                }
            }
            Path store = Path.of(env.getProperty("payhook.dev.keystore", DEV_KEYSTORE));
            if (!Files.exists(store)) {
                throw new SendFailure(
                        provider + " signs with a private key only the provider holds, and " + store
                                + " does not exist",
                        "start the gateway with bin/payhook --dev (it makes a test key pair there and configures"
                                + " its public half), or pass --key with the PEM private key");
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                ks.load(in, DEV_ALIAS.toCharArray());
            }
            return (PrivateKey) ks.getKey(DEV_ALIAS, DEV_ALIAS.toCharArray());
        } catch (IOException | GeneralSecurityException e) {
            throw new SendFailure("cannot read the private key: " + e.getMessage(), "pass --key with a PEM PKCS#8 key");
        }
    }

    private String prefix() {
        return "payhook.providers." + provider + ".";
    }
}
