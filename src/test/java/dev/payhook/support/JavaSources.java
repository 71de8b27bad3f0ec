package dev.payhook.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** What the project's own Java sources say, for tests that keep other files in step with them. */
public final class JavaSources {

    private JavaSources() {}

    /** The first group of every match of {@code pattern} in the .java files under {@code root}. */
    public static Set<String> find(Path root, Pattern pattern) throws IOException {
        Set<String> found = new TreeSet<>();
        try (Stream<Path> sources = Files.walk(root)) {
            for (Path source :
                    sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = pattern.matcher(Files.readString(source));
                while (m.find()) {
                    found.add(m.group(1));
                }
            }
        }
        return found;
    }
}
