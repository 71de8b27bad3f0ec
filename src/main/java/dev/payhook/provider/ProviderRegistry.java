package dev.payhook.provider;

import dev.payhook.config.PayhookProperties;
import dev.payhook.config.ProviderProperties;
import dev.payhook.provider.adyen.AdyenAdapter;
import dev.payhook.provider.alipay.AlipayAdapter;
import dev.payhook.provider.paddle.PaddleAdapter;
import dev.payhook.provider.standardwebhooks.StandardWebhooksAdapter;
import dev.payhook.provider.stripe.StripeAdapter;
import dev.payhook.provider.wechatpay.WechatPayAdapter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The enabled providers by id, each built from its {@code payhook.providers.<id>} entry by its scheme.
 * A provider is on when it has a secret; {@code enabled: true} without one stops start-up,
 * {@code enabled: false} switches it off.
 */
@Component
public class ProviderRegistry {

    private static final Logger log = LoggerFactory.getLogger(ProviderRegistry.class);

    private interface Factory {
        ProviderAdapter create(String provider, ProviderProperties properties, Clock clock);
    }

    /** A credential setting of a scheme, and whether a provider's configuration has it. */
    private record Credential(String setting, Predicate<ProviderProperties> present) {}

    /** How a scheme builds its adapter, and the credentials it needs. */
    private record Scheme(Factory factory, List<Credential> credentials) {
        List<String> missing(ProviderProperties p) {
            return credentials.stream()
                    .filter(c -> !c.present().test(p))
                    .map(Credential::setting)
                    .toList();
        }
    }

    private static final Credential SECRETS =
            new Credential("secrets", p -> !p.presentSecrets().isEmpty());

    private static final Map<String, Scheme> SCHEMES = Map.of(
            "stripe", new Scheme(StripeAdapter::new, List.of(SECRETS)),
            "paddle", new Scheme(PaddleAdapter::new, List.of(SECRETS)),
            "standard-webhooks", new Scheme(StandardWebhooksAdapter::new, List.of(SECRETS)),
            "adyen-hmac", new Scheme(AdyenAdapter::new, List.of(SECRETS)),
            "alipay-rsa2",
                    new Scheme(
                            AlipayAdapter::new,
                            List.of(new Credential(
                                    "public-keys", p -> !p.presentPublicKeys().isEmpty()))),
            "wechatpay-v3",
                    new Scheme(
                            WechatPayAdapter::new,
                            List.of(
                                    new Credential(
                                            "platform-keys",
                                            p -> !p.presentPlatformKeys().isEmpty()),
                                    new Credential(
                                            "api-v3-key", p -> !p.getApiV3Key().isBlank()))));

    private final Map<String, ProviderAdapter> adapters = new LinkedHashMap<>();
    private final Map<String, ProviderProperties> settings;

    public ProviderRegistry(PayhookProperties properties, Clock clock, Environment environment) {
        this.settings = properties.getProviders();
        settings.forEach((id, p) -> {
            if (!id.matches("[A-Za-z0-9_-]{1,64}")) {
                throw new IllegalStateException(
                        "payhook.providers." + id + ": a provider id is 1 to 64 letters, digits, "
                                + "- or _, as it is the last segment of POST /webhooks/<id>");
            }
            // Spring resolves placeholders in values, not in map keys: { "${WECHATPAY_SERIAL:}": ... }
            Map<String, String> keys = new LinkedHashMap<>();
            p.getPlatformKeys().forEach((serial, key) -> keys.put(environment.resolvePlaceholders(serial), key));
            p.setPlatformKeys(keys);
            Scheme scheme = SCHEMES.get(p.getScheme());
            if (scheme == null) {
                throw new IllegalStateException("payhook.providers." + id + ".scheme: unknown scheme '" + p.getScheme()
                        + "', known: " + new TreeSet<>(SCHEMES.keySet()));
            }
            List<String> missing = scheme.missing(p).stream()
                    .map(s -> "payhook.providers." + id + "." + s)
                    .toList();
            boolean none = missing.size() == scheme.credentials().size();
            if (Boolean.FALSE.equals(p.getEnabled())) {
                log.info("Provider {} is disabled (payhook.providers.{}.enabled=false)", id, id);
            } else if (!missing.isEmpty() && (Boolean.TRUE.equals(p.getEnabled()) || !none)) {
                throw new IllegalStateException(String.join(", ", missing) + (missing.size() == 1 ? " is" : " are")
                        + " empty but provider " + id + " is enabled: set " + (missing.size() == 1 ? "it" : "them")
                        + " (see config/application.yml) or payhook.providers." + id + ".enabled=false");
            } else if (!missing.isEmpty()) {
                log.warn(
                        "Provider {} has no credentials ({}): it is off and POST /webhooks/{} answers 404",
                        id,
                        String.join(", ", missing),
                        id);
            } else {
                adapters.put(id, scheme.factory().create(id, p, clock));
                log.info("Provider {} enabled: scheme {}, mode {}", id, p.getScheme(), p.getMode());
            }
        });
    }

    public Optional<ProviderAdapter> find(String provider) {
        return Optional.ofNullable(adapters.get(provider));
    }

    public ProviderAdapter get(String provider) {
        return find(provider).orElseThrow(() -> new IllegalStateException("provider " + provider + " is not enabled"));
    }

    /** Known to the configuration, enabled or not. */
    public boolean isConfigured(String provider) {
        return settings.containsKey(provider);
    }

    public ProviderProperties.Mode mode(String provider) {
        return settings.get(provider).getMode();
    }
}
