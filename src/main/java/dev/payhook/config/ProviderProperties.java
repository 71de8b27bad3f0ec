package dev.payhook.config;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/**
 * What every entry of {@code payhook.providers} has: its signature scheme, its event format and its
 * mode. The credentials and settings each scheme and format needs are their own classes, bound
 * from the same entry by the provider registry.
 */
public class ProviderProperties {

    public enum Mode {
        test,
        live
    }

    @NotBlank
    private String scheme;

    /** Unset: the scheme's own format, else the format named like the provider (dodo). */
    private String format;

    @NotNull
    private Mode mode = Mode.test;

    /** Unset: on when its credentials are configured. true: a missing one stops start-up. false: off. */
    private Boolean enabled;

    public String getScheme() {
        return scheme;
    }

    public void setScheme(String scheme) {
        this.scheme = scheme;
    }

    public String getFormat() {
        return format;
    }

    public void setFormat(String format) {
        this.format = format;
    }

    public Mode getMode() {
        return mode;
    }

    public void setMode(Mode mode) {
        this.mode = mode;
    }

    public Boolean getEnabled() {
        return enabled;
    }

    public void setEnabled(Boolean enabled) {
        this.enabled = enabled;
    }
}
