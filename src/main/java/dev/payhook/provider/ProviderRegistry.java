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
 * The enabled providers by id. Each {@code payhook.providers.<id>} entry names a scheme and a
 * format, which the {@link ProviderKind} beans declare; each binds its own settings from that
 * entry. A provider is on when its credentials are configured; {@code enabled: true} without them
 * stops start-up, {@code enabled: false} switches it off.
 */
@Component
public class ProviderRegistry {

    private static final Logger log = LoggerFactory.getLogger(ProviderRegistry.class);

    private final Map<String, Provider> enabled = new LinkedHashMap<>();
    private final Map<String, ProviderProperties> configured;
    private final Map<String, Map<String, Set<String>>> ourAccounts;

    public ProviderRegistry(
            PayhookProperties properties,
            List<ProviderKind> kinds,
            ApiCalls calls,
            Environment environment,
            Clock clock) {
        this.configured = properties.getProviders();
        this.ourAccounts = configured.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().ourAccounts()));
        Map<String, ProviderKind> schemesByName = byName(kinds, k -> k.scheme().map(ProviderKind.Part::name));
        Map<String, ProviderKind> formatsByName = byName(kinds, ProviderKind::defaultFormat);
        Binder binder = Binder.get(environment);
        configured.forEach((id, p) -> {
            String prefix = "payhook.providers." + id;
            if (!id.matches("[A-Za-z0-9_-]{1,64}")) {
                throw new SetupFailure(
                        prefix + ": a provider id is 1 to 64 letters, digits, - or _",
                        "rename it: it is the last segment of POST /webhooks/<id>");
            }
            ProviderKind schemeKind = schemesByName.get(p.getScheme());
            if (schemeKind == null) {
                throw new SetupFailure(
                        prefix + ".scheme: unknown scheme '" + p.getScheme() + "'",
                        "use one of " + new TreeSet<>(schemesByName.keySet()));
            }
            String formatName = p.getFormat() != null
                    ? p.getFormat()
                    : schemeKind.defaultFormat().orElse(formatsByName.containsKey(id) ? id : null);
            ProviderKind kind = formatName == null ? null : formatsByName.get(formatName);
            if (kind == null) {
                throw new SetupFailure(
                        prefix + ".format: "
                                + (formatName == null
                                        ? "required for scheme " + p.getScheme()
                                        : "unknown format '" + formatName + "'"),
                        "use one of " + new TreeSet<>(formatsByName.keySet()));
            }
            // each binds its own class from the same entry: the entry may hold settings of both
            var scheme = schemeKind.scheme().orElseThrow();
            var format = kind.format().orElseThrow();
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
                Provider provider = new Provider(
                        scheme.build().create(id, s, clock), format.build().create(id, f), kind.capabilities());
                provider.allowedSources(new AddressRanges(prefix + ".allowed-sources", p.getAllowedSources()));
                connect(provider, id, kind, binder, new ApiSetup(id, p.getMode(), provider.scheme(), calls, clock));
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
    private static void connect(Provider provider, String id, ProviderKind kind, Binder binder, ApiSetup setup) {
        String prefix = "payhook.providers." + id + ".api";
        if (kind.api().isEmpty()) {
            provider.cannotAsk("the " + id + " API offers no payment lookup Payhook can use");
            log.info("Provider {}: {}; a long-pending order becomes a review", id, provider.cannotAsk());
            return;
        }
        var api = kind.api().get();
        ProviderSettings settings = binder.bindOrCreate(prefix, Bindable.of(api.settings()));
        List<String> missing = missing(prefix, settings.credentials());
        if (missing.isEmpty()) {
            ProviderApi client = api.build().create(setup, settings);
            matchesItsKind(kind, Capability.READS_FEED, client.feed().isPresent());
            matchesItsKind(kind, Capability.REFUNDS, client.refunds().isPresent());
            provider.api(client);
            if (!kind.capabilities().contains(Capability.CHECKS_PAYMENTS)) {
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

    /** A client that does not do what its kind declares is a defect of the kind, found at start-up. */
    private static void matchesItsKind(ProviderKind kind, Capability capability, boolean has) {
        if (kind.capabilities().contains(capability) != has) {
            throw new IllegalStateException("provider kind " + kind.name() + (has ? " does not declare " : " declares ")
                    + capability + " but its API client " + (has ? "has it" : "has none"));
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

    /** The kinds by the name of the part they declare, for those that declare it. */
    private static Map<String, ProviderKind> byName(
            List<ProviderKind> kinds, Function<ProviderKind, Optional<String>> name) {
        Map<String, ProviderKind> named = new LinkedHashMap<>();
        for (ProviderKind kind : kinds) {
            name.apply(kind).ifPresent(n -> {
                if (named.put(n, kind) != null) {
                    throw new IllegalStateException("two provider kinds declare " + n);
                }
            });
        }
        return named;
    }
}
