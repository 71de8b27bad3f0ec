package dev.payhook.provider.imepay;

import dev.payhook.provider.ProviderSettings;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code imepay} scheme's settings: those under {@code api}. IME Pay's return is not signed,
 * so nothing it says counts until its API confirms it: without API credentials the provider is off.
 */
public record ImepaySettings(@DefaultValue ImepayApiSettings api) implements ProviderSettings {}
