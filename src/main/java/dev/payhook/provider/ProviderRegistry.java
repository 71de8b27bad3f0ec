package dev.payhook.provider;

import dev.payhook.config.PayhookProperties;
import dev.payhook.config.ProviderProperties;
import dev.payhook.provider.paddle.PaddleAdapter;
import dev.payhook.provider.standardwebhooks.StandardWebhooksAdapter;
import dev.payhook.provider.stripe.StripeAdapter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

    private static final Map<String, Factory> SCHEMES = Map.of(
            "stripe", StripeAdapter::new,
            "paddle", PaddleAdapter::new,
            "standard-webhooks", StandardWebhooksAdapter::new);

    private final Map<String, ProviderAdapter> adapters = new LinkedHashMap<>();
    private final Map<String, ProviderProperties> settings;

    public ProviderRegistry(PayhookProperties properties, Clock clock) {
        this.settings = properties.getProviders();
        settings.forEach((id, p) -> {
            Factory factory = SCHEMES.get(p.getScheme());
            if (factory == null) {
                throw new IllegalStateException("payhook.providers." + id + ".scheme: unknown scheme '"
                        + p.getScheme() + "', known: " + SCHEMES.keySet());
            }
            boolean hasSecret = !p.presentSecrets().isEmpty();
            if (Boolean.FALSE.equals(p.getEnabled())) {
                log.info("Provider {} is disabled (payhook.providers.{}.enabled=false)", id, id);
            } else if (!hasSecret && Boolean.TRUE.equals(p.getEnabled())) {
                throw new IllegalStateException("payhook.providers." + id + ".secrets is empty but the provider is"
                        + " enabled: set its secret (see config/application.yml) or payhook.providers." + id + ".enabled=false");
            } else if (!hasSecret) {
                log.warn("Provider {} has no secret (payhook.providers.{}.secrets): it is off and POST /webhooks/{} answers 404",
                        id, id, id);
            } else {
                adapters.put(id, factory.create(id, p, clock));
                log.info("Provider {} enabled: scheme {}, mode {}, {} secret(s)", id, p.getScheme(), p.getMode(),
                        p.presentSecrets().size());
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
