package dev.payhook.config;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** One entry of {@code payhook.providers}: which scheme verifies it and with which secrets. */
public class ProviderProperties {

    public enum Mode { test, live }

    @NotBlank private String scheme;
    @NotNull private Mode mode = Mode.test;
    /** Unset: on when a secret is configured. true: a missing secret stops start-up. false: off. */
    private Boolean enabled;
    private List<String> secrets = new ArrayList<>();
    @NotNull private Duration tolerance = Duration.ofMinutes(5);

    public String getScheme() { return scheme; }
    public void setScheme(String scheme) { this.scheme = scheme; }
    public Mode getMode() { return mode; }
    public void setMode(Mode mode) { this.mode = mode; }
    public Boolean getEnabled() { return enabled; }
    public void setEnabled(Boolean enabled) { this.enabled = enabled; }
    public List<String> getSecrets() { return secrets; }
    public void setSecrets(List<String> secrets) { this.secrets = secrets == null ? new ArrayList<>() : secrets; }
    public Duration getTolerance() { return tolerance; }
    public void setTolerance(Duration tolerance) { this.tolerance = tolerance; }

    /** The configured secrets without the blanks an unset environment variable leaves. */
    public List<String> presentSecrets() {
        return secrets.stream().filter(s -> s != null && !s.isBlank()).map(String::trim).toList();
    }
}
