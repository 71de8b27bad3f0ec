package dev.payhook.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Provider payloads from src/test/resources/fixtures, with {{placeholders}} filled in. */
public final class Fixtures {

    private Fixtures() {}

    public static byte[] load(String path, Map<String, Object> values) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (Map.Entry<String, Object> e : values.entrySet()) {
                text = text.replace("{{" + e.getKey() + "}}", String.valueOf(e.getValue()));
            }
            if (text.contains("{{")) {
                throw new IllegalArgumentException("unfilled placeholder in " + path);
            }
            return text.getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
