package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Pom;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The version a build says it is (the jar, the image tag, /actuator/info, the API documents) is
 * the pom's, and the pom's follows CHANGELOG.md: changes not yet released are built as the next
 * version's snapshot, never under the number of a release they are not in (docs/development.md,
 * "Cutting a release").
 */
class VersionTest {

    private static final Pattern RELEASE = Pattern.compile("(?m)^## (\\d+)\\.(\\d+)\\.(\\d+) - \\d{4}-\\d{2}-\\d{2}$");
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)(-SNAPSHOT)?");

    @Test
    void unreleasedChangesAreBuiltAsASnapshotOfTheNextVersion() throws IOException {
        String changelog = Files.readString(Path.of("CHANGELOG.md"));
        String unreleased = unreleased(changelog);
        Matcher pom = VERSION.matcher(Pom.version());
        assertThat(pom.matches())
                .as("pom.xml's version %s is MAJOR.MINOR.PATCH[-SNAPSHOT]", Pom.version())
                .isTrue();
        if (!unreleased.contains("\n- ")) {
            return;
        }
        assertThat(pom.group(4))
                .as(
                        "CHANGELOG.md lists unreleased changes: pom.xml's version must be a -SNAPSHOT, not %s",
                        Pom.version())
                .isNotNull();
        Matcher last = RELEASE.matcher(changelog);
        assertThat(last.find()).as("CHANGELOG.md names a release").isTrue();
        int[] released = {
            Integer.parseInt(last.group(1)), Integer.parseInt(last.group(2)), Integer.parseInt(last.group(3))
        };
        int[] next = {Integer.parseInt(pom.group(1)), Integer.parseInt(pom.group(2)), Integer.parseInt(pom.group(3))};
        int[] wanted = unreleased.contains("**Breaking")
                ? new int[] {released[0] + 1, 0, 0}
                : unreleased.contains("### Added")
                        ? new int[] {released[0], released[1] + 1, 0}
                        : new int[] {released[0], released[1], released[2] + 1};
        assertThat(next)
                .as(
                        "after %s, with these unreleased changes, semantic versioning gives %d.%d.%d-SNAPSHOT",
                        last.group().substring(3), wanted[0], wanted[1], wanted[2])
                .containsExactly(wanted);
    }

    @Test
    void theEventContractsCarryTheBuildsVersion() throws IOException {
        Map<String, Object> api = new Yaml().load(Files.readString(Path.of("docs/asyncapi.yaml")));
        @SuppressWarnings("unchecked")
        Map<String, Object> info = (Map<String, Object>) api.get("info");
        assertThat(info.get("version")).as("docs/asyncapi.yaml's info.version").isEqualTo(Pom.version());
    }

    private static String unreleased(String changelog) {
        int start = changelog.indexOf("\n## Unreleased");
        if (start < 0) {
            return "";
        }
        int end = changelog.indexOf("\n## ", start + 1);
        return changelog.substring(start, end < 0 ? changelog.length() : end);
    }
}
