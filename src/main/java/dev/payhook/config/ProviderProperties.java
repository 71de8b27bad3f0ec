package dev.payhook.config;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

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

    /**
     * Our accounts at the provider, by the name of the id a notification carries (app-id, mchid,
     * merchant-account, ...): a notification naming another has no effect. Blank entries (an unset
     * variable) do not count; a name with none is not checked.
     */
    private Map<String, List<String>> accounts = new LinkedHashMap<>();

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

    /**
     * The addresses the provider sends from (CIDRs); its webhooks from anywhere else are refused
     * before their signature is read. Empty (blank entries dropped): from anywhere.
     */
    private List<String> allowedSources = new ArrayList<>();

    public List<String> getAllowedSources() {
        return allowedSources;
    }

    public void setAllowedSources(List<String> allowedSources) {
        this.allowedSources = allowedSources;
    }

    public Map<String, List<String>> getAccounts() {
        return accounts;
    }

    public void setAccounts(Map<String, List<String>> accounts) {
        this.accounts = accounts;
    }

    /** The configured accounts of each name that has any, blanks dropped. */
    public Map<String, Set<String>> ourAccounts() {
        Map<String, Set<String>> ours = new LinkedHashMap<>();
        accounts.forEach((name, ids) -> {
            Set<String> set = ids == null
                    ? Set.of()
                    : ids.stream()
                            .filter(id -> id != null && !id.isBlank())
                            .map(String::trim)
                            .collect(Collectors.toUnmodifiableSet());
            if (!set.isEmpty()) {
                ours.put(name, set);
            }
        });
        return ours;
    }
}
