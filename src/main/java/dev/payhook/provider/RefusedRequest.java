package dev.payhook.provider;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A request to a provider's endpoint that was refused and never processed (a signature that did not
 * verify, a stale timestamp, a body too large or of the wrong type, a source not allowed), as the
 * refused-request store keeps it for examination: anyone can send these.
 */
public record RefusedRequest(
        String provider, Instant at, String sourceIp, String reason, Map<String, String> headers, byte[] body) {

    /** Headers whose values are credentials, whatever the provider: kept by name alone. */
    private static final Set<String> CREDENTIALS = Set.of("authorization", "proxy-authorization", "cookie");

    static final String REDACTED = "(redacted)";

    /**
     * The request's headers by lower-case name, first value each; the values of credentials (and
     * of {@code secret}, a scheme's own, such as a basic-auth header) replaced by {@value #REDACTED}.
     */
    public static Map<String, String> headers(
            Iterable<String> names, Function<String, String> value, Set<String> secret) {
        Map<String, String> headers = new TreeMap<>();
        for (String name : names) {
            String lower = name.toLowerCase(Locale.ROOT);
            boolean credential = CREDENTIALS.contains(lower) || secret.stream().anyMatch(s -> s.equalsIgnoreCase(name));
            headers.putIfAbsent(lower, credential ? REDACTED : value.apply(name));
        }
        return headers;
    }
}
