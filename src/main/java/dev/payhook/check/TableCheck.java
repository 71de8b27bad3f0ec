package dev.payhook.check;

import dev.payhook.config.SetupFailure;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.types.TypedFormat;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.env.Environment;
import org.springframework.core.type.filter.AssignableTypeFilter;

/**
 * The type tables under the routes folder's {@code types/}, each checked against the readers of
 * the format it is read for, as a start checks it: the provider's {@code format} setting, else the
 * format of the table's name. A file no provider reads is said as the start says it.
 */
final class TableCheck {

    private final Path dir;
    private final Environment env;

    TableCheck(Path dir, Environment env) {
        this.dir = dir;
        this.env = env;
    }

    /** The tables read that check out, and what is wrong. */
    Checked check() throws IOException, ReflectiveOperationException {
        TypeTables read = new TypeTables(dir);
        Map<String, TypedFormat<?>> formats = formats(read);
        List<Finding> findings = new ArrayList<>();
        int tables = 0;
        Path folder = dir.resolve("types");
        List<Path> files;
        try (Stream<Path> listed = Files.isDirectory(folder) ? Files.list(folder) : Stream.empty()) {
            files = listed.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        for (Path file : files) {
            String provider = file.getFileName().toString().replaceFirst("\\.yaml$", "");
            TypedFormat<?> format = formats.get(env.getProperty("payhook.providers." + provider + ".format", provider));
            try {
                if (format != null) {
                    format.forProvider(provider);
                    tables++;
                } else if (read.own(provider).isPresent()) {
                    // a format made from its provider's settings (WeChat Pay's key, a mapping): its
                    // table read and its actions checked here, its readers at start
                    tables++;
                }
            } catch (SetupFailure wrong) {
                findings.add(Finding.placed(wrong.problem(), wrong.fix()));
            }
        }
        read.strays().forEach(s -> findings.add(Finding.of(s, "rename or remove the file")));
        return new Checked(tables, findings);
    }

    /** Every format whose events a type table means, by its name, reading the tables of {@code tables}. */
    private static Map<String, TypedFormat<?>> formats(TypeTables tables) throws ReflectiveOperationException {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AssignableTypeFilter(TypedFormat.class));
        Map<String, TypedFormat<?>> formats = new LinkedHashMap<>();
        for (BeanDefinition candidate : scanner.findCandidateComponents("dev.payhook.provider")) {
            Class<?> type = Class.forName(candidate.getBeanClassName());
            try {
                Object format = type.getConstructor(TypeTables.class).newInstance(tables);
                if (!Modifier.isAbstract(type.getModifiers())) {
                    formats.put(((TypedFormat<?>) format).name(), (TypedFormat<?>) format);
                }
            } catch (NoSuchMethodException settingsOfItsOwn) {
                // a format made per provider from its settings (WeChat Pay's key, a mapping): its table is read at
                // start
            }
        }
        return formats;
    }
}
