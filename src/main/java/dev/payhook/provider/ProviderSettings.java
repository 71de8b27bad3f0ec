package dev.payhook.provider;

import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The settings a scheme, format or API client reads from its provider's
 * {@code payhook.providers.<id>} entry: a record, bound by the registry, holding its own defaults
 * ({@code @DefaultValue}) and marking its credentials ({@link Credential}). A provider with none of
 * its credentials is off, with some but not all it is a start-up error.
 */
public interface ProviderSettings {

    /**
     * Credential setting name (as written under the provider) -> whether it is set: the record's
     * {@link Credential} components, and those of the settings records it holds under their names.
     */
    default Map<String, Boolean> credentials() {
        Map<String, Boolean> credentials = new LinkedHashMap<>();
        RecordComponent[] components = getClass().getRecordComponents();
        for (RecordComponent c : components == null ? new RecordComponent[0] : components) {
            Object value;
            try {
                value = c.getAccessor().invoke(this);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("settings " + getClass().getSimpleName() + " cannot be read", e);
            }
            String name = c.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
            if (c.isAnnotationPresent(Credential.class)) {
                credentials.put(name, isSet(value));
            } else if (value instanceof ProviderSettings nested) {
                nested.credentials().forEach((inner, set) -> credentials.put(name + "." + inner, set));
            }
        }
        return credentials;
    }

    /** {@code values} without the blanks an unset environment variable leaves, each trimmed. */
    static List<String> present(List<String> values) {
        return values.stream()
                .filter(v -> v != null && !v.isBlank())
                .map(String::trim)
                .toList();
    }

    private static boolean isSet(Object value) {
        if (value instanceof CharSequence text) {
            return !text.toString().isBlank();
        }
        if (value instanceof Collection<?> values) {
            return values.stream().anyMatch(ProviderSettings::isSet);
        }
        if (value instanceof Map<?, ?> entries) {
            return entries.entrySet().stream().anyMatch(e -> isSet(e.getKey()) && isSet(e.getValue()));
        }
        return value != null;
    }

    /** For a scheme or format that reads nothing from the provider's settings. */
    record None() implements ProviderSettings {}
}
