package dev.payhook.provider.mollie;

import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ProviderSettings;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code mollie} scheme's settings: those under {@code api}. A Mollie notification is only an
 * id, read from what the API answers for it: without the API key the provider is off.
 */
public record MollieSettings(@DefaultValue ApiKey api) implements ProviderSettings {}
