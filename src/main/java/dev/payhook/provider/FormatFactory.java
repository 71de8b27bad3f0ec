package dev.payhook.provider;

/** An event format by name (the {@code format} setting), built for one provider from its settings. */
public interface FormatFactory<S extends ProviderSettings> {

    String name();

    Class<S> settings();

    EventFormat create(String provider, S settings);
}
