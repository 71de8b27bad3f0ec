package dev.payhook.config;

import dev.payhook.provider.ProviderKind;
import dev.payhook.provider.types.TypeTables;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * A provider as Payhook ships it configured: the entry its kind declares ({@link
 * ProviderKind#shipped}), and the environment variables that entry reads, each with the settings it
 * fills.
 */
public record ShippedProvider(String id, String entry, String scheme, List<Variable> variables) {

    /** An environment variable an entry reads: its fallback when unset, and the settings it fills. */
    public record Variable(String name, String fallback, List<String> settings) {}

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(?::([^}]*))?}");
    private static final Pattern KEY = Pattern.compile("^( *)([a-z0-9-]+):");

    /**
     * Every kind's shipped entry, by provider id: the kinds made as the gateway makes them, from
     * their declarations, with the shipped type tables.
     */
    public static List<ShippedProvider> all() {
        ClassPathScanningCandidateComponentProvider scanner = new ClassPathScanningCandidateComponentProvider(false);
        scanner.addIncludeFilter(new AnnotationTypeFilter(Configuration.class));
        try (AnnotationConfigApplicationContext kinds = new AnnotationConfigApplicationContext()) {
            kinds.registerBean(TypeTables.class, TypeTables::shipped);
            for (BeanDefinition declaration : scanner.findCandidateComponents("dev.payhook.provider")) {
                Class<?> type = ClassUtils.resolveClassName(declaration.getBeanClassName(), null);
                if (Stream.of(type.getDeclaredMethods()).anyMatch(m -> m.getReturnType() == ProviderKind.class)) {
                    kinds.register(type);
                }
            }
            kinds.refresh();
            return kinds.getBeansOfType(ProviderKind.class).values().stream()
                    .flatMap(kind -> kind.shipped().map(entry -> read(kind.name(), entry)).stream())
                    .sorted(Comparator.comparing(ShippedProvider::id))
                    .toList();
        }
    }

    /** The entry of provider {@code id}, with the variables it reads in the order they appear. */
    static ShippedProvider read(String id, String entry) {
        if (!entry.startsWith(id + ":")) {
            throw new IllegalArgumentException("the shipped entry of " + id + " starts with another id");
        }
        Map<String, Variable> variables = new LinkedHashMap<>();
        Deque<Key> path = new ArrayDeque<>();
        String scheme = "";
        for (String line : entry.lines().toList()) {
            Matcher key = KEY.matcher(line);
            if (key.find()) {
                int indent = key.group(1).length();
                while (!path.isEmpty() && path.peekLast().indent() >= indent) {
                    path.removeLast();
                }
                path.addLast(new Key(indent, key.group(2)));
            }
            String setting = path.stream()
                    .skip(1)
                    .map(Key::name)
                    .reduce((a, b) -> a + "." + b)
                    .orElse("");
            if (setting.equals("scheme")) {
                scheme = line.substring(line.indexOf(':') + 1)
                        .replaceAll("#.*", "")
                        .strip();
            }
            Matcher placeholder = PLACEHOLDER.matcher(line);
            while (placeholder.find()) {
                String fallback = Optional.ofNullable(placeholder.group(2)).orElse("");
                variables
                        .computeIfAbsent(placeholder.group(1), name -> new Variable(name, fallback, new ArrayList<>()))
                        .settings()
                        .add(setting);
            }
        }
        return new ShippedProvider(id, entry, scheme, List.copyOf(variables.values()));
    }

    private record Key(int indent, String name) {}
}
