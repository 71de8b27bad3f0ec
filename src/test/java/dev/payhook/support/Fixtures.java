package dev.payhook.support;

import dev.payhook.send.Sample;
import dev.payhook.send.SampleValues;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Provider payloads with {{placeholders}} filled in: the samples the gateway ships (src/main/resources/samples,
 * which {@code send} builds from too), and the variants only tests need (src/test/resources/fixtures).
 */
public final class Fixtures {

    private Fixtures() {}

    /** The {@code type} event of {@code kind} as {@code send} builds it: its sample, and the values of its line. */
    public static byte[] sample(String kind, String type, Map<String, Object> values) {
        return Sample.find(kind, type)
                .orElseThrow(() -> new IllegalArgumentException("no sample of " + kind + " " + type))
                .fill(values)
                .getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] load(String path, Map<String, Object> values) {
        InputStream found = Fixtures.class.getResourceAsStream("/fixtures/" + path);
        try (InputStream in = found != null ? found : Fixtures.class.getResourceAsStream("/samples/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture or sample " + path);
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return SampleValues.fill(text, values, path).getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
