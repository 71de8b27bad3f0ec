package dev.payhook.send;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * One provider event as the provider sends it, with {@code {{placeholders}}}, from the jar's
 * {@code samples/<kind>/}. A type is built from the file {@code <type>.<ext>}, or from the file its
 * line in {@code samples/<kind>/types.yaml} names, with the values that line gives (the object's
 * status for that type, say), so one sample of an object serves each type that carries it. The
 * files and the index are the catalog; the tests build their events from the same files.
 *
 * @param own the values only this type fills, which may name the common ones ({@code {{amount}}})
 */
public record Sample(String kind, String type, String text, Map<String, String> own) {

    private static final String ROOT = "samples/";
    private static final String INDEX = "types.yaml";

    /** Every sample, by kind and type. */
    public static List<Sample> all() {
        return Catalog.ALL;
    }

    /** The jar's samples do not change while it runs: read once, when first asked for. */
    private static final class Catalog {
        static final List<Sample> ALL = read();
    }

    private static List<Sample> read() {
        Map<String, Map<String, String>> files = new LinkedHashMap<>();
        Map<String, String> indexes = new LinkedHashMap<>();
        for (Resource r : resources()) {
            String path = url(r);
            String file = path.substring(path.lastIndexOf('/') + 1);
            String dir = path.substring(0, path.lastIndexOf('/'));
            String kind = dir.substring(dir.lastIndexOf('/') + 1);
            if (file.equals(INDEX)) {
                indexes.put(kind, text(r));
            } else {
                files.computeIfAbsent(kind, k -> new LinkedHashMap<>()).put(file, text(r));
            }
        }
        List<Sample> samples = new ArrayList<>();
        files.forEach((kind, texts) -> samples.addAll(of(kind, texts, indexes.get(kind))));
        samples.sort(Comparator.comparing(Sample::kind).thenComparing(Sample::type));
        return List.copyOf(samples);
    }

    /** Whether {@code samples/<kind>/} holds any sample. */
    public static boolean hasKind(String kind) {
        return all().stream().anyMatch(s -> s.kind().equals(kind));
    }

    public static Optional<Sample> find(String kind, String type) {
        return all().stream()
                .filter(s -> s.kind().equals(kind) && s.type().equals(type))
                .findFirst();
    }

    /** The same object under another type, which {@code send} puts in the event. */
    Sample as(String otherType) {
        return new Sample(kind, otherType, text, own);
    }

    /** Its text with the values filled in: {@link #with} them. */
    public String fill(Map<String, Object> values) {
        return SampleValues.fill(text, with(values), where());
    }

    /**
     * {@code values} with what this type fills of its own where they leave a gap: a sender that
     * signs some of the fields (Adyen's item HMAC) reads them here.
     */
    public Map<String, Object> with(Map<String, Object> values) {
        Map<String, Object> all = new LinkedHashMap<>();
        own.forEach((name, value) -> {
            if (!values.containsKey(name)) {
                all.put(name, SampleValues.fill(value, values, where() + " " + name));
            }
        });
        all.putAll(values);
        all.putIfAbsent("type", type);
        return all;
    }

    private String where() {
        return ROOT + kind + "/" + type;
    }

    /** A kind's samples: each line of its index, then each file no line names, by its own name. */
    private static List<Sample> of(String kind, Map<String, String> texts, String index) {
        List<Sample> samples = new ArrayList<>();
        Set<String> named = new HashSet<>();
        if (index != null) {
            Map<String, Map<String, Object>> lines = new Yaml(new SafeConstructor(new LoaderOptions())).load(index);
            lines.forEach((type, line) -> {
                Map<String, String> own = new LinkedHashMap<>();
                line.forEach((name, value) -> own.put(name, String.valueOf(value)));
                String file = own.remove("sample");
                if (file == null || !texts.containsKey(file)) {
                    throw new IllegalStateException(ROOT + kind + "/" + INDEX + ": " + type + " names sample " + file
                            + ", which is not a file of " + ROOT + kind + "/");
                }
                named.add(file);
                samples.add(new Sample(kind, type, texts.get(file), Map.copyOf(own)));
            });
        }
        texts.forEach((file, text) -> {
            String type = file.substring(0, file.lastIndexOf('.'));
            if (!named.contains(file)
                    && samples.stream().noneMatch(s -> s.type().equals(type))) {
                samples.add(new Sample(kind, type, text, Map.of()));
            }
        });
        return samples;
    }

    private static List<Resource> resources() {
        try {
            return Arrays.asList(
                    new PathMatchingResourcePatternResolver().getResources("classpath*:" + ROOT + "*/*.*"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String url(Resource r) {
        try {
            return r.getURL().toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String text(Resource r) {
        try {
            return r.getContentAsString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
