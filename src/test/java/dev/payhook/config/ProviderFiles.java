package dev.payhook.config;

import dev.payhook.config.ShippedProvider.Variable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The parts of the checkout that list the shipped providers and the environment variables they
 * read, made from the providers' declarations ({@code ProviderKind.shipped}): the entries of
 * config/application.yml, the gateways' environment in docker-compose.yml, the variables the Helm
 * chart reads from its Secret, and the README's table. Run as a program by bin/generate, it writes
 * them; ProviderFilesTest fails when a checked-in file differs.
 */
public final class ProviderFiles {

    private static final String YAML_BEGIN = "# >>> written by bin/generate from the providers' declarations"
            + " (ProviderKind.shipped in provider/<id>/): change them there";
    private static final String YAML_END = "# <<< written by bin/generate";

    private ProviderFiles() {}

    /** One part of a file: the lines between two marker lines, or from a marker to the end. */
    record Part(Path file, String after, String before, String content) {

        /** {@code text} with this part replaced by what the declarations make. */
        String applyTo(String text) {
            int start = text.indexOf(after + "\n");
            if (start < 0) {
                throw new IllegalStateException(file + " has no line " + after.strip());
            }
            start += after.length() + 1;
            int end = before == null ? text.length() : text.indexOf(before, start);
            if (end < 0) {
                throw new IllegalStateException(file + " has no line " + before.strip() + " after " + after.strip());
            }
            return text.substring(0, start) + content + text.substring(end);
        }
    }

    /** Every generated part, made from {@code providers}. */
    static List<Part> parts(List<ShippedProvider> providers) {
        return List.of(
                new Part(
                        Path.of("config/application.yml"),
                        "  " + YAML_BEGIN,
                        "  " + YAML_END,
                        applicationEntries(providers)),
                new Part(Path.of("docker-compose.yml"), "    " + YAML_BEGIN, "    " + YAML_END, compose(providers)),
                new Part(
                        Path.of("deploy/helm/payhook/files/provider-variables.txt"),
                        "# the Secret <secrets.providers>, optional (a provider whose keys are absent is off).",
                        null,
                        helmVariables(providers)),
                new Part(
                        Path.of("README.md"),
                        "<!-- written by bin/generate from the providers' declarations -->",
                        "<!-- end of what bin/generate writes -->",
                        readmeTable(providers)));
    }

    private static String applicationEntries(List<ShippedProvider> providers) {
        StringBuilder yaml = new StringBuilder("  providers:\n");
        for (ShippedProvider provider : providers) {
            provider.entry()
                    .lines()
                    .forEach(line ->
                            yaml.append(line.isEmpty() ? "" : "    " + line).append('\n'));
        }
        return yaml.toString();
    }

    private static String compose(List<ShippedProvider> providers) {
        StringBuilder environment = new StringBuilder();
        Set<String> written = new LinkedHashSet<>();
        for (ShippedProvider provider : providers) {
            for (Variable variable : provider.variables()) {
                if (written.add(variable.name())) {
                    environment.append("    %s: ${%1$s:-}%n".formatted(variable.name()));
                }
            }
        }
        return environment.toString();
    }

    private static String helmVariables(List<ShippedProvider> providers) {
        Set<String> names = new TreeSet<>();
        providers.forEach(p -> p.variables().forEach(v -> names.add(v.name())));
        return names.stream().map(n -> n + "\n").collect(Collectors.joining());
    }

    private static String readmeTable(List<ShippedProvider> providers) {
        StringBuilder table = new StringBuilder("""
                | id | scheme | settings under `payhook.providers.<id>` (environment variable, default) |
                |---|---|---|
                """);
        for (ShippedProvider provider : providers) {
            String settings = provider.variables().stream()
                    .map(v -> v.settings().stream().map(s -> "`" + s + "`").collect(Collectors.joining(", "))
                            + " (`" + v.name() + "`" + (v.fallback().isEmpty() ? "" : ", `" + v.fallback() + "`")
                            + ")")
                    .collect(Collectors.joining("; "));
            table.append("| %s | `%s` | %s |%n".formatted(provider.id(), provider.scheme(), settings));
        }
        return table.toString();
    }

    /** Writes every part that differs from what the declarations make, and names it. */
    public static void main(String[] args) throws IOException {
        for (Part part : parts(ShippedProvider.all())) {
            String checkedIn = Files.readString(part.file());
            String made = part.applyTo(checkedIn);
            if (!made.equals(checkedIn)) {
                Files.writeString(part.file(), made);
                System.out.println("wrote " + part.file());
            }
        }
    }
}
