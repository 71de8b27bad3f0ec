package dev.payhook.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Where Camel reads the routes: the jar's own {@code routes/} (the process route, the route
 * templates, one file per provider), each file overridden by the file of the same name under
 * {@code payhook.routes.dir} ({@code ./routes}) when there is one, and that folder's other files
 * added. So the jar runs from any directory, and an integrator ships edited routes as a folder
 * beside it. An explicit {@code camel.main.routes-include-pattern} is left as it is.
 */
public class RouteSources implements EnvironmentPostProcessor {

    static final String PATTERN = "camel.main.routes-include-pattern";

    /** The folders a route file may sit in, relative to routes/. */
    private static final List<String> FOLDERS = List.of("", "templates/", "providers/");

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (environment.containsProperty(PATTERN)) {
            return;
        }
        Path dir = Path.of(environment.getProperty("payhook.routes.dir", "routes"));
        environment
                .getPropertySources()
                .addLast(new MapPropertySource("payhookRoutes", Map.of(PATTERN, String.join(",", of(dir)))));
    }

    /** The route files Camel reads with {@code dir} as the routes folder: the jar's, each overridden or added to by {@code dir}'s. */
    public static List<String> of(Path dir) {
        Map<String, String> sources = new TreeMap<>();
        for (String folder : FOLDERS) {
            shipped(folder).forEach(name -> sources.put(folder + name, "classpath:routes/" + folder + name));
            local(dir.resolve(folder))
                    .forEach(name -> sources.put(folder + name, "file:" + dir.resolve(folder + name)));
        }
        return List.copyOf(sources.values());
    }

    /** The names of the route files the jar ships in {@code folder} of its routes/ ({@code ""}, {@code "types/"}, ..). */
    public static List<String> shipped(String folder) {
        try {
            List<String> names = new ArrayList<>();
            for (Resource r :
                    new PathMatchingResourcePatternResolver().getResources("classpath*:routes/" + folder + "*.yaml")) {
                names.add(r.getFilename());
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> local(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> yaml = files.filter(f -> f.getFileName().toString().endsWith(".yaml"))
                    .sorted()
                    .toList();
            for (Path f : yaml) {
                if (!Files.isRegularFile(f)) {
                    // a FIFO would block the start for good; a folder would be skipped without a word
                    throw new SetupFailure(
                            f + " is not a plain file (a folder, a pipe)",
                            "put the route file itself there, or move the entry out of the routes folder");
                }
            }
            return yaml.stream().map(f -> f.getFileName().toString()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
