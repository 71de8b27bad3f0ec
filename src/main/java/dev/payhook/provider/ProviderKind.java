package dev.payhook.provider;

import java.time.Clock;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * One provider as Payhook knows it, declared once in its package: the signature scheme it
 * contributes (under the name {@code payhook.providers.<id>.scheme} gives), its event format and
 * API client (under the kind's name, which {@code format} gives), each with the settings record it
 * binds from the provider's entry, and what its API can do. A kind may contribute a scheme alone
 * (Standard Webhooks, which many senders share) or a format alone (one whose senders use a shared
 * scheme, or a mapping read from configuration). A kind that Payhook ships configured also carries
 * its entry of config/application.yml, from which bin/generate writes every file that lists the
 * environment variables it reads.
 */
public record ProviderKind(
        String name,
        Optional<Part<SchemeBuild<ProviderSettings>>> scheme,
        Optional<Part<FormatBuild<ProviderSettings>>> format,
        Optional<Part<ApiBuild<ProviderSettings>>> api,
        Set<Capability> capabilities,
        Optional<String> shipped) {

    public ProviderKind {
        capabilities = Set.copyOf(capabilities);
    }

    /** A kind with nothing declared yet. */
    public static ProviderKind named(String name) {
        return new ProviderKind(name, Optional.empty(), Optional.empty(), Optional.empty(), Set.of(), Optional.empty());
    }

    /** The scheme {@code schemeName}, built from the settings {@code settings} binds. */
    public <S extends ProviderSettings> ProviderKind scheme(
            String schemeName, Class<S> settings, SchemeBuild<S> build) {
        SchemeBuild<ProviderSettings> bound = (provider, s, clock) -> build.create(provider, settings.cast(s), clock);
        return new ProviderKind(
                name, Optional.of(new Part<>(schemeName, settings, bound)), format, api, capabilities, shipped);
    }

    /** Its format, built from the settings {@code settings} binds. */
    public <S extends ProviderSettings> ProviderKind format(Class<S> settings, FormatBuild<S> build) {
        FormatBuild<ProviderSettings> bound = (provider, s) -> build.create(provider, settings.cast(s));
        return new ProviderKind(
                name, scheme, Optional.of(new Part<>(name, settings, bound)), api, capabilities, shipped);
    }

    /** Its format, one that reads no settings. */
    public ProviderKind format(SettingsFreeFormat format) {
        return format(ProviderSettings.None.class, (provider, none) -> format.forProvider(provider));
    }

    /**
     * Its API client, built from the settings {@code settings} binds under {@code
     * payhook.providers.<id>.api}, and what it can do: the rest of Payhook asks it nothing else.
     */
    public <S extends ProviderSettings> ProviderKind api(
            Class<S> settings, ApiBuild<S> build, Capability first, Capability... more) {
        ApiBuild<ProviderSettings> bound = (setup, s) -> build.create(setup, settings.cast(s));
        return new ProviderKind(
                name, scheme, format, Optional.of(new Part<>(name, settings, bound)), EnumSet.of(first, more), shipped);
    }

    /**
     * The provider {@code name} as config/application.yml ships it: its entry under {@code
     * payhook.providers}, starting with the line {@code name:}, each credential a placeholder of the
     * environment variable that sets it ({@code ${STRIPE_API_KEY:}}).
     */
    public ProviderKind shipped(String entry) {
        return new ProviderKind(name, scheme, format, api, capabilities, Optional.of(entry));
    }

    /** The format its scheme's providers read unless they name another: its own, when it declares one. */
    public Optional<String> defaultFormat() {
        return format.map(Part::name);
    }

    /** A part under its name: the settings it binds and how it is built from them (of that class). */
    public record Part<B>(String name, Class<? extends ProviderSettings> settings, B build) {}

    /** How a scheme is built for one provider. */
    @FunctionalInterface
    public interface SchemeBuild<S extends ProviderSettings> {
        SignatureScheme create(String provider, S settings, Clock clock);
    }

    /** How a format is built for one provider. */
    @FunctionalInterface
    public interface FormatBuild<S extends ProviderSettings> {
        EventFormat create(String provider, S settings);
    }

    /** How an API client is built for one provider. */
    @FunctionalInterface
    public interface ApiBuild<S extends ProviderSettings> {
        ProviderApi create(ApiSetup setup, S settings);
    }
}
