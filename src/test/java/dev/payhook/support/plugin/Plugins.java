package dev.payhook.support.plugin;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** A plugin jar, made of {@link TouchComponent}'s compiled classes and the entry Camel finds a component by. */
public final class Plugins {

    private Plugins() {}

    /** {@code touch.jar} in {@code lib}: the component's classes and META-INF/services/org/apache/camel/component/touch. */
    public static Path jar(Path lib) {
        Path classes = Path.of("target/test-classes");
        String pkg = TouchComponent.class.getPackageName().replace('.', '/');
        try {
            Files.createDirectories(lib);
            Path jar = lib.resolve("touch.jar");
            try (OutputStream out = Files.newOutputStream(jar);
                    JarOutputStream zip = new JarOutputStream(out);
                    Stream<Path> files = Files.list(classes.resolve(pkg))) {
                for (Path c : files.filter(f -> f.getFileName().toString().startsWith("TouchComponent"))
                        .toList()) {
                    zip.putNextEntry(new JarEntry(pkg + "/" + c.getFileName()));
                    zip.write(Files.readAllBytes(c));
                }
                zip.putNextEntry(new JarEntry("META-INF/services/org/apache/camel/component/touch"));
                zip.write(("class=" + TouchComponent.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
