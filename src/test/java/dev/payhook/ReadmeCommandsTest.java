package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.JavaSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's test command passes on a fresh machine as it is: it is the command CI runs, and
 * that command installs every program outside Maven that a test calls, so no test finds one
 * missing, nor skips without it.
 */
class ReadmeCommandsTest {

    private static final Path CI = Path.of(".ci/run");
    private static final Pattern FIRST_BLOCK = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PROGRAM = Pattern.compile("\"/usr/bin/([a-z][a-z0-9-]*)\"");

    @Test
    void theReadmesTestCommandIsWhatCiRuns() throws IOException {
        Matcher block = FIRST_BLOCK.matcher(Files.readString(Path.of("README.md")));
        assertThat(block.find()).as("a bash block of set-up commands").isTrue();
        List<String> commands = block.group(1)
                .lines()
                .map(line -> line.replaceFirst("#.*", "").trim())
                .filter(line -> !line.isEmpty())
                .toList();
        assertThat(commands).containsExactly("bin/payhook", "bash .ci/run");
        assertThat(Files.readString(CI)).containsPattern("(?m)^mvn [^\\n]*\\bverify$");
    }

    /** The run command names what it needs before it builds anything. */
    @Test
    void theRunCommandSaysWhichJavaItNeeds() throws Exception {
        assertThat(Path.of("bin/payhook")).isExecutable();
        ProcessBuilder run = new ProcessBuilder("bin/payhook").redirectErrorStream(true);
        run.environment().put("PAYHOOK_JAVA", "/bin/false");
        Process process = run.start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).isEqualTo(1);
        assertThat(said).contains("Java 17 or later is needed").contains("PAYHOOK_JAVA");
    }

    @Test
    void ciInstallsEveryProgramATestCalls() throws IOException {
        Set<String> called = JavaSources.find(Path.of("src/test/java"), PROGRAM);
        assertThat(called).contains("chromium", "chromedriver", "promtool");
        String ci = Files.readString(CI);
        for (String program : called) {
            assertThat(ci).as(".ci/run checks for " + program).contains("command -v " + program + " ");
        }
    }
}
