package dev.payhook.provider;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The settings of the HMAC schemes: the shared secrets (several while one is rotated) and the
 * tolerance of the signed timestamp.
 */
public class HmacSecrets implements ProviderSettings {

    private List<String> secrets = new ArrayList<>();
    private Duration tolerance = Duration.ofMinutes(5);

    public List<String> getSecrets() {
        return secrets;
    }

    public void setSecrets(List<String> secrets) {
        this.secrets = secrets == null ? new ArrayList<>() : secrets;
    }

    public Duration getTolerance() {
        return tolerance;
    }

    public void setTolerance(Duration tolerance) {
        this.tolerance = tolerance;
    }

    /** The configured secrets without the blanks an unset environment variable leaves. */
    public List<String> present() {
        return secrets.stream()
                .filter(s -> s != null && !s.isBlank())
                .map(String::trim)
                .toList();
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of("secrets", !present().isEmpty());
    }
}
