package dev.payhook.provider;

import dev.payhook.config.PayhookProperties;
import dev.payhook.config.ProviderProperties;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The enabled providers by id. Each {@code payhook.providers.<id>} entry names a scheme and a format
 * (the {@link SchemeFactory} and {@link FormatFactory} beans); each of them binds its own settings
 * from that entry. A provider is on when its credentials are configured; {@code enabled: true}
 * without them stops start-up, {@code enabled: false} switches it off.
 */
@Component
public class ProviderRegistry {

    private static final Logger log = LoggerFactory.getLogger(ProviderRegistry.class);

    private final Map<String, Provider> enabled = new LinkedHashMap<>();
    private final Map<String, ProviderProperties> configured;

    public ProviderRegistry(
            PayhookProperties properties,
            List<SchemeFactory<?>> schemes,
            List<FormatFactory<?>> formats,
            Environment environment,
            Clock clock) {
        this.configured = properties.getProviders();
        Map<String, SchemeFactory<?>> schemesByName = byName(schemes, SchemeFactory::name);
        Map<String, FormatFactory<?>> formatsByName = byName(formats, FormatFactory::name);
        Binder binder = Binder.get(environment);
        configured.forEach((id, p) -> {
            String prefix = "payhook.providers." + id;
            if (!id.matches("[A-Za-z0-9_-]{1,64}")) {
                throw new IllegalStateException(prefix + ": a provider id is 1 to 64 letters, digits, - or _, "
                        + "as it is the last segment of POST /webhooks/<id>");
            }
            SchemeFactory<?> scheme = schemesByName.get(p.getScheme());
            if (scheme == null) {
                throw new IllegalStateException(prefix + ".scheme: unknown scheme '" + p.getScheme() + "', known: "
                        + new TreeSet<>(schemesByName.keySet()));
            }
            String formatName = p.getFormat() != null
                    ? p.getFormat()
                    : scheme.defaultFormat().orElse(formatsByName.containsKey(id) ? id : null);
            FormatFactory<?> format = formatName == null ? null : formatsByName.get(formatName);
            if (format == null) {
                throw new IllegalStateException(prefix + ".format: "
                        + (formatName == null
                                ? "required for scheme " + p.getScheme()
                                : "unknown format '" + formatName + "'")
                        + ", known: " + new TreeSet<>(formatsByName.keySet()));
            }
            // each binds its own class from the same entry: the entry may hold settings of both
            ProviderSettings s = binder.bindOrCreate(prefix, Bindable.of(scheme.settings()));
            ProviderSettings f = binder.bindOrCreate(prefix, Bindable.of(format.settings()));
            Map<String, Boolean> credentials = new LinkedHashMap<>(s.credentials());
            credentials.putAll(f.credentials());
            List<String> missing = credentials.entrySet().stream()
                    .filter(c -> !c.getValue())
                    .map(c -> prefix + "." + c.getKey())
                    .toList();
            if (Boolean.FALSE.equals(p.getEnabled())) {
                log.info("Provider {} is disabled ({}.enabled=false)", id, prefix);
            } else if (!missing.isEmpty()
                    && (Boolean.TRUE.equals(p.getEnabled()) || missing.size() < credentials.size())) {
                throw new IllegalStateException(String.join(", ", missing) + (missing.size() == 1 ? " is" : " are")
                        + " empty but provider " + id + " is enabled: set " + (missing.size() == 1 ? "it" : "them")
                        + " (see config/application.yml) or " + prefix + ".enabled=false");
            } else if (!missing.isEmpty()) {
                log.warn(
                        "Provider {} has no credentials ({}): it is off and POST /webhooks/{} answers 404",
                        id,
                        String.join(", ", missing),
                        id);
            } else {
                enabled.put(id, new Provider(create(scheme, s, id, clock), create(format, f, id)));
                log.info(
                        "Provider {} enabled: scheme {}, format {}, mode {}",
                        id,
                        p.getScheme(),
                        formatName,
                        p.getMode());
            }
        });
    }

    public Optional<Provider> find(String provider) {
        return Optional.ofNullable(enabled.get(provider));
    }

    public Provider get(String provider) {
        return find(provider).orElseThrow(() -> new IllegalStateException("provider " + provider + " is not enabled"));
    }

    /** Known to the configuration, enabled or not. */
    public boolean isConfigured(String provider) {
        return configured.containsKey(provider);
    }

    public ProviderProperties.Mode mode(String provider) {
        return configured.get(provider).getMode();
    }

    private static <S extends ProviderSettings> SignatureScheme create(
            SchemeFactory<S> factory, ProviderSettings settings, String id, Clock clock) {
        return factory.create(id, factory.settings().cast(settings), clock);
    }

    private static <S extends ProviderSettings> EventFormat create(
            FormatFactory<S> factory, ProviderSettings settings, String id) {
        return factory.create(id, factory.settings().cast(settings));
    }

    private static <F> Map<String, F> byName(List<F> factories, Function<F, String> name) {
        return factories.stream().collect(Collectors.toMap(name, Function.identity()));
    }
}
