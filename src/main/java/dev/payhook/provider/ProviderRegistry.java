package dev.payhook.provider;

import dev.payhook.config.AddressRanges;
import dev.payhook.config.PayhookProperties;
import dev.payhook.config.ProviderProperties;
import dev.payhook.config.SetupFailure;
import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
    private final Map<String, Map<String, Set<String>>> ourAccounts;

    public ProviderRegistry(
            PayhookProperties properties,
            List<SchemeFactory<?>> schemes,
            List<FormatFactory<?>> formats,
            List<ApiFactory<?>> apis,
            ApiCalls calls,
            Environment environment,
            Clock clock) {
        this.configured = properties.getProviders();
        this.ourAccounts = configured.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().ourAccounts()));
        Map<String, SchemeFactory<?>> schemesByName = byName(schemes, SchemeFactory::name);
        Map<String, FormatFactory<?>> formatsByName = byName(formats, FormatFactory::name);
        Map<String, ApiFactory<?>> apisByName = byName(apis, ApiFactory::name);
        Binder binder = Binder.get(environment);
        configured.forEach((id, p) -> {
            String prefix = "payhook.providers." + id;
            if (!id.matches("[A-Za-z0-9_-]{1,64}")) {
                throw new SetupFailure(
                        prefix + ": a provider id is 1 to 64 letters, digits, - or _",
                        "rename it: it is the last segment of POST /webhooks/<id>");
            }
            SchemeFactory<?> scheme = schemesByName.get(p.getScheme());
            if (scheme == null) {
                throw new SetupFailure(
                        prefix + ".scheme: unknown scheme '" + p.getScheme() + "'",
                        "use one of " + new TreeSet<>(schemesByName.keySet()));
            }
            String formatName = p.getFormat() != null
                    ? p.getFormat()
                    : scheme.defaultFormat().orElse(formatsByName.containsKey(id) ? id : null);
            FormatFactory<?> format = formatName == null ? null : formatsByName.get(formatName);
            if (format == null) {
                throw new SetupFailure(
                        prefix + ".format: "
                                + (formatName == null
                                        ? "required for scheme " + p.getScheme()
                                        : "unknown format '" + formatName + "'"),
                        "use one of " + new TreeSet<>(formatsByName.keySet()));
            }
            // each binds its own class from the same entry: the entry may hold settings of both
            ProviderSettings s = binder.bindOrCreate(prefix, Bindable.of(scheme.settings()));
            ProviderSettings f = binder.bindOrCreate(prefix, Bindable.of(format.settings()));
            Map<String, Boolean> credentials = new LinkedHashMap<>(s.credentials());
            credentials.putAll(f.credentials());
            List<String> missing = missing(prefix, credentials);
            if (Boolean.FALSE.equals(p.getEnabled())) {
                log.info("Provider {} is disabled ({}.enabled=false)", id, prefix);
            } else if (!missing.isEmpty()
                    && (Boolean.TRUE.equals(p.getEnabled()) || missing.size() < credentials.size())) {
                throw new SetupFailure(
                        String.join(", ", missing) + (missing.size() == 1 ? " is" : " are") + " empty but provider "
                                + id + " is enabled",
                        "set " + (missing.size() == 1 ? "it" : "them") + " (see config/application.yml) or " + prefix
                                + ".enabled=false");
            } else if (!missing.isEmpty()) {
                // a provider the merchant does not use: off, as configured, not a problem
                log.info(
                        "Provider {} has no credentials ({}): it is off and POST /webhooks/{} answers 404",
                        id,
                        String.join(", ", missing),
                        id);
            } else {
                Provider provider = new Provider(create(scheme, s, id, clock), create(format, f, id));
                provider.allowedSources(new AddressRanges(prefix + ".allowed-sources", p.getAllowedSources()));
                connect(provider, id, p, apisByName.get(formatName), binder, calls);
                enabled.put(id, provider);
                log.info(
                        "Provider {} enabled: scheme {}, format {}, mode {}",
                        id,
                        p.getScheme(),
                        formatName,
                        p.getMode());
            }
        });
    }

    /**
     * The provider's API client when its format has one and its {@code api.*} credentials are set;
     * otherwise why the reconciler cannot ask it, said once here and again in each run's findings.
     */
    private static void connect(
            Provider provider, String id, ProviderProperties p, ApiFactory<?> api, Binder binder, ApiCalls calls) {
        String prefix = "payhook.providers." + id + ".api";
        if (api == null) {
            provider.cannotAsk("the " + id + " API offers no payment lookup Payhook can use");
            log.info("Provider {}: {}; a long-pending order becomes a review", id, provider.cannotAsk());
            return;
        }
        ProviderSettings settings = binder.bindOrCreate(prefix, Bindable.of(api.settings()));
        List<String> missing = missing(prefix, settings.credentials());
        if (missing.isEmpty()) {
            ProviderApi client = create(api, settings, id, p.getMode(), provider.scheme(), calls);
            provider.api(client);
            if (!client.asksAboutPayments()) {
                provider.cannotAsk("the " + id + " API offers no payment lookup Payhook can use");
                log.info("Provider {}: {}; its API is used for refunds only", id, provider.cannotAsk());
            }
        } else if (missing.size() < settings.credentials().size()) {
            throw new SetupFailure(
                    String.join(", ", missing) + (missing.size() == 1 ? " is" : " are") + " empty but other " + prefix
                            + " credentials are set",
                    "set all of them or none");
        } else {
            provider.cannotAsk("no API credentials (" + String.join(", ", missing) + ")");
            // a configuration, not a fault: every run that needed the API says so again as a finding
            log.info("Provider {} takes webhooks but the reconciler cannot ask its API: {}", id, provider.cannotAsk());
        }
    }

    /** The settings under {@code prefix} of the credentials that are not set. */
    private static List<String> missing(String prefix, Map<String, Boolean> credentials) {
        return credentials.entrySet().stream()
                .filter(c -> !c.getValue())
                .map(c -> prefix + "." + c.getKey())
                .toList();
    }

    public Optional<Provider> find(String provider) {
        return Optional.ofNullable(enabled.get(provider));
    }

    public Provider get(String provider) {
        return find(provider).orElseThrow(() -> new IllegalStateException("provider " + provider + " is not enabled"));
    }

    /** The enabled providers, in configuration order. */
    public Map<String, Provider> enabled() {
        return Collections.unmodifiableMap(enabled);
    }

    /** Known to the configuration, enabled or not. */
    public boolean isConfigured(String provider) {
        return configured.containsKey(provider);
    }

    public ProviderProperties.Mode mode(String provider) {
        return configured.get(provider).getMode();
    }

    /** Our accounts at {@code provider} by the name of the id a notification carries; empty: none checked. */
    public Map<String, Set<String>> accounts(String provider) {
        return ourAccounts.getOrDefault(provider, Map.of());
    }

    private static <S extends ProviderSettings> SignatureScheme create(
            SchemeFactory<S> factory, ProviderSettings settings, String id, Clock clock) {
        return factory.create(id, factory.settings().cast(settings), clock);
    }

    private static <S extends ProviderSettings> EventFormat create(
            FormatFactory<S> factory, ProviderSettings settings, String id) {
        return factory.create(id, factory.settings().cast(settings));
    }

    private static <S extends ProviderSettings> ProviderApi create(
            ApiFactory<S> factory,
            ProviderSettings settings,
            String id,
            ProviderProperties.Mode mode,
            SignatureScheme scheme,
            ApiCalls calls) {
        return factory.create(id, factory.settings().cast(settings), mode, scheme, calls);
    }

    private static <F> Map<String, F> byName(List<F> factories, Function<F, String> name) {
        return factories.stream().collect(Collectors.toMap(name, Function.identity()));
    }
}
