package dev.payhook.provider.esewa;

import dev.payhook.provider.ProviderSettings;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code esewa} scheme's settings: those under {@code api}, as eSewa's one secret key both signs
 * the returns and belongs to the merchant's API access. The secret switches the provider on: without
 * it no return can be checked.
 */
public record EsewaSettings(@DefaultValue EsewaApiSettings api) implements ProviderSettings {}
