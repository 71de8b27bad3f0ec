package dev.payhook.provider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Access to ../shared/samples, the providers' published payloads, for the tests that replay them. */
final class Samples {

    static final Path DIR = Path.of("..", "shared", "samples");

    private Samples() {}

    static HmacSecrets secrets(String secret) {
        return new HmacSecrets(List.of(secret), Duration.ofMinutes(5));
    }

    /** The events a format reads from {@code request}; fails the test on a notification it cannot read. */
    static List<NormalizedEvent> events(EventFormat format, WebhookRequest request) {
        return format.read(request).requireEvents();
    }

    static Clock clockAt(long epochSecond) {
        return Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC);
    }

    /** A published {@code .headers} file: one {@code Name: value} a line; names in lower case. */
    static Map<String, String> headers(Path file) throws IOException {
        Map<String, String> headers = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(
                        line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        line.substring(colon + 1).trim());
            }
        }
        return headers;
    }
}
