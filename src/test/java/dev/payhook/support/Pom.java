package dev.payhook.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the tests hold the build's artifacts to: the project's own version, as pom.xml states it. */
public final class Pom {

    private static final Pattern VERSION =
            Pattern.compile("<artifactId>payhook</artifactId>\\s*<version>([^<]+)</version>");

    private Pom() {}

    public static String text() {
        try {
            return Files.readString(Path.of("pom.xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String version() {
        Matcher m = VERSION.matcher(text());
        if (!m.find()) {
            throw new IllegalStateException("pom.xml names no version of payhook");
        }
        return m.group(1);
    }
}
