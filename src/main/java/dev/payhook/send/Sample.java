package dev.payhook.send;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * One provider event as the provider sends it, with {@code {{placeholders}}}: the file
 * {@code samples/<kind>/<type>.<ext>} in the jar. The files are the catalog: a type {@code send}
 * can build is a type with a sample. The tests build their events from the same files.
 */
public record Sample(String kind, String type, String text) {

    private static final String ROOT = "samples/";

    /** Every sample, by kind and type. */
    public static List<Sample> all() {
        try {
            Resource[] found = new PathMatchingResourcePatternResolver().getResources("classpath*:" + ROOT + "*/*.*");
            return java.util.Arrays.stream(found)
                    .map(Sample::read)
                    .sorted(Comparator.comparing(Sample::kind).thenComparing(Sample::type))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Optional<Sample> find(String kind, String type) {
        return all().stream()
                .filter(s -> s.kind().equals(kind) && s.type().equals(type))
                .findFirst();
    }

    /** Its text with the values filled in. */
    public String fill(java.util.Map<String, Object> values) {
        return SampleValues.fill(text, values, "samples/" + kind + "/" + type);
    }

    private static Sample read(Resource r) {
        try {
            String path = r.getURL().toString();
            String file = path.substring(path.lastIndexOf('/') + 1);
            String dir = path.substring(0, path.lastIndexOf('/'));
            String kind = dir.substring(dir.lastIndexOf('/') + 1);
            String type = file.substring(0, file.lastIndexOf('.'));
            return new Sample(kind, type, r.getContentAsString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
