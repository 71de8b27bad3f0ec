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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;

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

    /**
     * Where what it signs with came from, in words: {@code --secret} or {@code --key}; the setting
     * and the variable it names, from this shell or from {@code data/dev/env} (which {@code bin/payhook}
     * exports only where the shell sets none, and names in {@value #DEV_FILLED}); else the test key
     * pair. A 401 prints it beside where the gateway takes its own.
     */
    String origin() {
        if (secretGiven != null) {
            return "--secret";
        }
        if (keyGiven != null) {
            return "--key " + keyGiven;
        }
        String setting = prefix() + "secrets[0]";
        for (PropertySource<?> source : ((ConfigurableEnvironment) env).getPropertySources()) {
            Object raw = source.getProperty(setting);
            if (raw != null) {
                Matcher variable = VARIABLE.matcher(raw.toString());
                if (!variable.find()) {
                    return setting + " as " + source.getName() + " sets it";
                }
                String name = variable.group(1);
                boolean dev = List.of(
                                System.getenv().getOrDefault(DEV_FILLED, "").split(" ", -1))
                        .contains(name);
                return setting + ", that is " + name
                        + (dev ? " from data/dev/env (this shell sets none)" : " as this shell or an argument sets it");
            }
        }
        return "the test key pair in " + env.getProperty("payhook.dev.keystore", DEV_KEYSTORE)
                + " (bin/payhook --dev gives the gateway its public half)";
    }

    /** The variables {@code bin/payhook} exported from {@code data/dev/env}, space-separated. */
    static final String DEV_FILLED = "PAYHOOK_DEV_ENV_FILLED";

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_]+)");

    private String prefix() {
        return "payhook.providers." + provider + ".";
    }
}
