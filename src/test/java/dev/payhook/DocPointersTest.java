package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pointers into the documents lead somewhere: every "DESIGN.md §N" in the sources, configuration,
 * routes and documents names a section docs/DESIGN.md has, every path the README and docs/ name
 * in backquotes exists, and every document (with its heading) that a message of the gateway, a
 * route file's or type table's header, a script or the configuration points to is there.
 */
class DocPointersTest {

    private static final Pattern SECTION_POINTER = Pattern.compile("DESIGN\\.md (§[0-9][0-9.]*[0-9a-z]?)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{2,4} ([0-9]+(?:\\.[0-9]+)*[a-z]?)\\.? ");
    private static final List<String> SEARCHED = List.of("src", "config", "routes", "docs", "bench", "ops", "broker");

    /** A backquoted path: a top-level folder of the repository, then at least one more segment. */
    private static final Pattern README_PATH = Pattern.compile(
            "`((?:src|config|routes|docs|bench|ops|broker|deploy|\\.ci)/[A-Za-z0-9_./-]*[A-Za-z0-9_])`");

    /** A backquoted class of the application or its tests, as {@code reconcile/OrderLookup}, or a script's. */
    private static final Pattern README_CODE =
            Pattern.compile("`([a-z]+(?:/[a-z]+)*/[A-Z][A-Za-z0-9]+)(?:\\.[a-z][A-Za-z]*)?`");

    @Test
    void everySectionPointerNamesASection() throws IOException {
        Set<String> sections = new TreeSet<>();
        Matcher heading = HEADING.matcher(Files.readString(Path.of("docs/DESIGN.md")));
        while (heading.find()) {
            sections.add("§" + heading.group(1));
        }
        List<String> broken = new ArrayList<>();
        for (Path file : files()) {
            Matcher pointer = SECTION_POINTER.matcher(Files.readString(file));
            while (pointer.find()) {
                if (!sections.contains(pointer.group(1))) {
                    broken.add(file + ": " + pointer.group());
                }
            }
        }
        assertThat(sections).contains("§1", "§3.4", "§7", "§8", "§9");
        assertThat(broken).as("pointers to no section of docs/DESIGN.md").isEmpty();
    }

    @Test
    void everyPathTheDocumentsNameExists() throws IOException {
        StringBuilder documents = new StringBuilder(Files.readString(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            for (Path doc : docs.filter(d -> d.toString().endsWith(".md")).toList()) {
                documents.append('\n').append(Files.readString(doc));
            }
        }
        String readme = documents.toString();
        List<String> missing = new ArrayList<>();
        Matcher path = README_PATH.matcher(readme);
        while (path.find()) {
            if (!Files.exists(Path.of(path.group(1))) && !isClass(path.group(1))) {
                missing.add(path.group(1));
            }
        }
        Matcher code = README_CODE.matcher(readme);
        while (code.find()) {
            if (!isClass(code.group(1))) {
                missing.add(code.group(1));
            }
        }
        assertThat(missing)
                .as("paths and classes the README and docs/ name that do not exist")
                .isEmpty();
    }

    /** A Markdown link's target: a file, a {@code #heading}, or both; web addresses are not followed. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

    @Test
    void everyLinkOfTheDocumentsLeadsToAFileAndAHeadingTheyHave() throws IOException {
        List<Path> documents = new ArrayList<>(List.of(Path.of("README.md"), Path.of("CHANGELOG.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(d -> d.toString().endsWith(".md")).forEach(documents::add);
        }
        List<String> broken = new ArrayList<>();
        int followed = 0;
        for (Path doc : documents) {
            Matcher link = LINK.matcher(Files.readString(doc));
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("^[a-z]+:.*")) {
                    continue;
                }
                followed++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty()
                        ? doc
                        : doc.toAbsolutePath().getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(doc + ": " + target + " (no such file)");
                } else if (hash >= 0 && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(doc + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(followed).as("links followed").isGreaterThan(10);
        assertThat(Files.readAllLines(Path.of("README.md")))
                .as("the README is for users, at most 400 lines: reference material goes to docs/")
                .hasSizeLessThanOrEqualTo(400);
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    /** A document named outside the documents: {@code docs/integrating.md#type-tables-...}. */
    private static final Pattern DOCUMENT = Pattern.compile("((?:docs/)?[A-Za-z0-9_-]+\\.md)(?:#([a-z0-9_-]+))?");

    /** A section of the README named by its title: {@code the README's "Providers"}, {@code README: Providers}. */
    private static final Pattern README_SECTION = Pattern.compile("README(?:'s \"|: )([A-Z][A-Za-z' ]+[a-z])");

    @Test
    void everyDocumentAMessageOrAFileHeaderNamesExists() throws IOException {
        List<Path> pointing = new ArrayList<>();
        for (String root : List.of("src/main", "routes", "config", "bin", "ops", "deploy", "broker", ".ci")) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile).forEach(pointing::add);
            }
        }
        pointing.add(Path.of("docker-compose.yml"));
        Set<String> readme = new TreeSet<>();
        for (String line : Files.readAllLines(Path.of("README.md"))) {
            if (line.startsWith("## ")) {
                readme.add(line.substring(3).strip());
            }
        }
        List<String> broken = new ArrayList<>();
        int followed = 0;
        for (Path file : pointing) {
            String text;
            try {
                text = Files.readString(file);
            } catch (java.nio.charset.MalformedInputException binary) {
                continue;
            }
            Matcher doc = DOCUMENT.matcher(text);
            while (doc.find()) {
                Path target = Path.of(doc.group(1));
                if (!doc.group(1).contains("/") && !doc.group(1).matches("README\\.md|CHANGELOG\\.md")) {
                    continue; // a bare name (DESIGN.md §2) is checked by the section pointers
                }
                followed++;
                if (!Files.exists(target)) {
                    broken.add(file + ": " + doc.group() + " (no such file)");
                } else if (doc.group(2) != null && !anchors(target).contains(doc.group(2))) {
                    broken.add(file + ": " + doc.group() + " (no such heading)");
                }
            }
            Matcher section = README_SECTION.matcher(text);
            while (section.find()) {
                followed++;
                if (readme.stream().noneMatch(h -> h.startsWith(section.group(1)))) {
                    broken.add(file + ": " + section.group() + " (the README has no such section)");
                }
            }
        }
        assertThat(followed).as("pointers followed").isGreaterThan(20);
        assertThat(broken)
                .as("pointers from messages, headers and scripts that lead nowhere")
                .isEmpty();
    }

    /** The anchors a Markdown file's headings get, as GitHub makes them. */
    private static Set<String> anchors(Path markdown) throws IOException {
        Set<String> anchors = new TreeSet<>();
        if (!markdown.toString().endsWith(".md")) {
            return anchors;
        }
        for (String line : Files.readAllLines(markdown)) {
            Matcher heading = Pattern.compile("^#{1,6} (.+)$").matcher(line);
            if (heading.find()) {
                anchors.add(heading.group(1)
                        .strip()
                        .toLowerCase(java.util.Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "")
                        .replace(' ', '-'));
            }
        }
        return anchors;
    }

    /** {@code ops/MetricsTest}: a class of the application or of its tests; {@code bench/LoadGen}: a script. */
    private static boolean isClass(String name) {
        return Stream.of("src/main/java/dev/payhook", "src/test/java/dev/payhook", ".")
                .anyMatch(root -> Files.exists(Path.of(root, name + ".java")));
    }

    private static List<Path> files() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md")));
        for (String root : SEARCHED) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile)
                        .filter(f -> f.toString().matches(".*\\.(java|md|yml|yaml|sql|sh|xml)$"))
                        .filter(f -> !f.startsWith("bench/results"))
                        .forEach(files::add);
            }
        }
        return files;
    }
}
