package dev.payhook.provider.khalti;

import dev.payhook.provider.ProviderSettings;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code khalti} scheme's settings: those under {@code api}. Khalti's return is not signed, so
 * nothing it says counts until the lookup API confirms it: without the secret key the provider is off.
 */
public record KhaltiSettings(@DefaultValue KhaltiApiSettings api) implements ProviderSettings {}
