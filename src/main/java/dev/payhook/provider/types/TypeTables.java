package dev.payhook.provider.types;

import dev.payhook.config.RouteSources;
import dev.payhook.config.SetupFailure;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * Where each provider's type table is read: {@code types/<provider>.yaml}, else
 * {@code types/<format>.yaml} (a second account of a provider shares its table), first under
 * {@code payhook.routes.dir} ({@code ./routes}), then in the jar's own {@code routes/}. A file under
 * the folder replaces the jar's file of the same name whole, as route files do.
 */
public final class TypeTables {

    private static final String FOLDER = "types/";

    private final Path dir;

    /** Every table bound so far, to read again together. */
    private final List<Bound<?>> bound = new CopyOnWriteArrayList<>();

    /** {@code dir}: the routes folder; null reads the jar's tables only. */
    public TypeTables(Path dir) {
        this.dir = dir;
    }

    /** The tables the jar ships, as a provider reads them with no routes folder. */
    public static TypeTables shipped() {
        return new TypeTables(null);
    }

    /** {@code provider}'s table, bound to the readers of its format. */
    public <E> Meanings<E> meanings(String provider, String format, Map<String, Reader<E>> readers) {
        Meanings<E> meanings = new Meanings<>(provider, table(provider, format), readers);
        bound.add(new Bound<>(meanings, format));
        return meanings;
    }

    /**
     * Every bound table read again and checked, then all of them used at once; a table that is
     * wrong refuses the whole read ({@link SetupFailure} naming its file and line), and the tables
     * in use stay as they were. Returns the providers whose tables were read.
     */
    public List<String> reload() {
        List<Runnable> swaps = new ArrayList<>();
        for (Bound<?> b : bound) {
            swaps.add(b.reread(this));
        }
        swaps.forEach(Runnable::run);
        return bound.stream().map(b -> b.meanings().provider()).sorted().toList();
    }

    /**
     * Files under the folder's types/ that no provider reads: a name in another case, a
     * {@code .yml}, a provider that is not configured. Each with why, and the name it may have
     * meant; said at start and after each reload, as such a file would otherwise be ignored.
     */
    public List<String> strays() {
        Path folder = dir == null ? null : dir.resolve(FOLDER);
        if (folder == null || !Files.isDirectory(folder)) {
            return List.of();
        }
        // the jar's names too: a table of a provider that is off is read once it is on
        Set<String> read = new TreeSet<>(RouteSources.shipped(FOLDER));
        for (Bound<?> b : bound) {
            read.addAll(names(b.meanings().provider(), b.format()));
        }
        List<String> strays = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (read.contains(name)) {
                    continue;
                }
                String meant = name.toLowerCase(Locale.ROOT).replaceFirst("\\.yml$", ".yaml");
                strays.add(f + " is read by no provider: "
                        + (read.contains(meant)
                                ? "did you mean " + meant + "? Names are lower-case and end in .yaml"
                                : "no provider that is on, nor a format, is named "
                                        + name.replaceFirst("\\.ya?ml$", "") + " (the names read: "
                                        + String.join(", ", read) + ")"));
            }
        } catch (IOException e) {
            strays.add(folder + " cannot be listed: " + e.getMessage());
        }
        return strays;
    }

    /**
     * For each provider whose table is read from the routes folder rather than the jar, the line
     * that says which file, and whether it changes the jar's: where an override lives, and whether
     * it is one, is then read at start, not guessed.
     */
    public List<String> fromFolder() {
        List<String> lines = new ArrayList<>();
        for (Bound<?> b : bound) {
            String provider = b.meanings().provider();
            file(provider, b.format())
                    .ifPresent(f -> lines.add(
                            provider + "'s type table is " + f + ", read instead of the jar's" + sameAsJars(f)));
        }
        return lines;
    }

    static String sameAsJars(Path file) {
        String jars = jarText(file.getFileName().toString());
        if (jars == null) {
            return " (the jar has none of that name)";
        }
        try {
            return Files.readString(file).equals(jars) ? " (a copy of it, unchanged)" : " (changed)";
        } catch (IOException e) {
            return " (unreadable: " + e.getMessage() + ")";
        }
    }

    private record Bound<E>(Meanings<E> meanings, String format) {
        Runnable reread(TypeTables tables) {
            Meanings<E> fresh = meanings.checked(tables.table(meanings.provider(), format));
            return () -> meanings.use(fresh);
        }
    }

    /** The file {@code provider}'s table is read from, on disk; empty when it is the jar's. */
    public Optional<Path> file(String provider, String format) {
        if (dir == null) {
            return Optional.empty();
        }
        return names(provider, format).stream()
                .map(name -> dir.resolve(FOLDER + name))
                .filter(f -> Files.exists(f, LinkOption.NOFOLLOW_LINKS))
                .findFirst();
    }

    /** {@code provider}'s own table, under the folder or in the jar; empty when it has none. */
    public Optional<TypeTable> own(String provider) {
        return find(List.of(provider + ".yaml"), file(provider, provider));
    }

    TypeTable table(String provider, String format) {
        return find(names(provider, format), file(provider, format))
                .orElseThrow(() -> new SetupFailure(
                        "no type table for provider " + provider + " (routes/" + FOLDER + provider + ".yaml)",
                        "write one: it says what each of the provider's event types means"));
    }

    private static Optional<TypeTable> find(List<String> names, Optional<Path> local) {
        if (local.isPresent()) {
            Path file = local.get();
            // a FIFO would block the read, and a folder is no table; a link to a file is read (a
            // Kubernetes ConfigMap mounts each file as one)
            if (!Files.isRegularFile(file)) {
                throw TypeTable.wrong(file.toString(), 0, "is not a plain file (a folder, a pipe)");
            }
            try {
                if (Files.size(file) > TypeTable.MAX_CHARACTERS * 4L) {
                    throw TypeTable.wrong(
                            file.toString(), 0, "is " + Files.size(file) + " bytes; a type table is a few kilobytes");
                }
                return Optional.of(TypeTable.parse(file.toString(), Files.readString(file)));
            } catch (IOException e) {
                throw TypeTable.wrong(
                        file.toString(), 0, "cannot be read: " + e.getClass().getSimpleName() + " " + e.getMessage());
            }
        }
        for (String name : names) {
            String text = jarText(name);
            if (text != null) {
                return Optional.of(TypeTable.parse("routes/" + FOLDER + name + " (in the jar)", text));
            }
        }
        return Optional.empty();
    }

    /** The jar's table of that file name; null when it ships none. */
    private static String jarText(String name) {
        try (InputStream in = TypeTables.class.getClassLoader().getResourceAsStream("routes/" + FOLDER + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> names(String provider, String format) {
        return provider.equals(format) ? List.of(provider + ".yaml") : List.of(provider + ".yaml", format + ".yaml");
    }
}
