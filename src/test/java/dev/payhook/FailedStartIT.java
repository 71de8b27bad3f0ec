package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A start that fails ends the process at once, as a supervisor (Kubernetes, compose, systemd)
 * needs to restart it or show the failure: non-zero, within seconds of the report, the report the
 * last thing on stderr, and no embedded PostgreSQL left behind. Started as users start it: the jar
 * copied to a folder of its own, and bin/payhook from the checkout. The reports of routes Camel
 * cannot make are tested on Camel alone (config/RouteFailureAnalyzerTest); here, the latest
 * failure a start can have, a branch once the broker and the routes run.
 */
class FailedStartIT {

    /** What a supervisor waits for at most between the failure and the exit. */
    private static final Duration AT_ONCE = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void aBranchCamelCannotMakeOnceTheBrokerRuns() throws Exception {
        Failed start = jarInItsOwnFolder(
                "--payhook.branches.crm.to=stream:out?password=hunter2", "--payhook.branches.crm.events[0]=stripe:*");
        assertThat(start.problem())
                .contains("payhook.branches.crm.to")
                .contains("Camel cannot make the branch's route to stream:out?password=xxxxxx")
                .contains("no Camel component 'stream'");
        assertThat(start.fix()).contains("correct payhook.branches.crm.to");
        assertThat(start.stdout() + start.stderr()).doesNotContain("hunter2");
        assertThat(start.stdout()).as("it failed after the broker was up").contains("AMQ221007");
    }

    @Test
    void binPayhookOnADatabaseThatRefuses() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        Failed start = binPayhook(
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:" + closed + "/payhook",
                "--spring.datasource.username=payhook",
                "--spring.datasource.password=not-in-any-log");
        assertThat(start.problem())
                .contains("The database at jdbc:postgresql://127.0.0.1:" + closed + "/payhook refused the gateway")
                .contains("refused");
        assertThat(start.stdout() + start.stderr()).doesNotContain("not-in-any-log");
    }

    @Test
    void binPayhookOnAPortInUse() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Failed start = binPayhook("--payhook.ops.port=" + taken.getLocalPort());
            assertThat(start.problem())
                    .contains("listen on port " + taken.getLocalPort() + " failed to start")
                    .contains("may already be in use");
        }
    }

    @Test
    void anOptionGivenTwice() throws Exception {
        Failed start = jarInItsOwnFolder(
                "--payhook.embedded-postgres.data-dir=", "--payhook.embedded-postgres.data-dir=/tmp/x");
        assertThat(start.problem())
                .contains("--payhook.embedded-postgres.data-dir is given 2 times on the command line");
        assertThat(dir.resolve(",")).doesNotExist();
    }

    /** The packaged jar copied to a folder of its own, started there with {@code args} on its embedded defaults. */
    private Failed jarInItsOwnFolder(String... args) throws IOException {
        Path jar = Files.copy(
                Path.of(GatewayProcess.jar()), dir.resolve("payhook.jar"), StandardCopyOption.REPLACE_EXISTING);
        List<String> command = new ArrayList<>(List.of(GatewayProcess.java()));
        command.addAll(GatewayProcess.SMALL_JVM);
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(ports(args));
        command.addAll(List.of(args));
        return Failed.run(new ProcessBuilder(command).directory(dir.toFile()), dir);
    }

    /** bin/payhook from the checkout, without its start-up cache (whose training start is tested apart). */
    private Failed binPayhook(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("bin/payhook"));
        command.addAll(ports(args));
        command.addAll(List.of(
                "--payhook.embedded-postgres.data-dir=" + dir.resolve("postgres"),
                "--spring.artemis.embedded.data-directory=" + dir.resolve("artemis")));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(Map.of("PAYHOOK_START_CACHE", "off", "PAYHOOK_JAVA", GatewayProcess.java()));
        return Failed.run(builder, dir);
    }

    /** Any free ports, but those {@code args} name. */
    private static List<String> ports(String... args) {
        return Stream.of("--server.port=0", "--payhook.ops.port=0", "--payhook.embedded-postgres.port=0")
                .filter(p -> Stream.of(args).noneMatch(a -> a.startsWith(p.substring(0, p.indexOf('=') + 1))))
                .toList();
    }

    /** A start that failed: its output, and how long it took from the report to the exit. */
    private record Failed(String stdout, String stderr, List<String> report) {

        static Failed run(ProcessBuilder builder, Path dir) throws IOException {
            Process process = builder.start();
            StringBuilder out = new StringBuilder();
            StringBuilder err = new StringBuilder();
            AtomicLong reportedAt = new AtomicLong();
            Thread stdout = new Thread(() -> copy(process.getInputStream(), out, null));
            Thread stderr = new Thread(() -> copy(process.getErrorStream(), err, reportedAt));
            stdout.start();
            stderr.start();
            try {
                assertThat(process.waitFor(3, TimeUnit.MINUTES))
                        .as("the gateway exited:\n" + out)
                        .isTrue();
                long exitedAt = System.nanoTime();
                stdout.join(Duration.ofSeconds(10).toMillis());
                stderr.join(Duration.ofSeconds(10).toMillis());
                assertThat(process.exitValue())
                        .as("a failed start exits non-zero")
                        .isNotZero();
                assertThat(reportedAt.get())
                        .as("the report is on stderr:\n" + err + "\n" + out)
                        .isPositive();
                assertThat(Duration.ofNanos(exitedAt - reportedAt.get()))
                        .as("from the report to the exit")
                        .isLessThan(AT_ONCE);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                process.destroyForcibly();
            }
            List<String> lines = new ArrayList<>(err.toString().strip().lines().toList());
            List<String> report = lines.subList(lines.lastIndexOf("PAYHOOK FAILED TO START") - 1, lines.size());
            assertThat(report)
                    .as("the report is the last thing on stderr, in under 15 lines, with no stack")
                    .hasSizeLessThanOrEqualTo(15)
                    .contains("Problem:", "Fix:")
                    .noneMatch(line -> line.startsWith("\tat ") || line.contains("\\n"));
            String dirName = dir.toString();
            assertThat(ProcessHandle.allProcesses()
                            .filter(p -> p.info()
                                    .arguments()
                                    .map(a -> String.join(" ", a).contains(dirName))
                                    .orElse(false))
                            .map(p -> p.info().commandLine().orElse("?"))
                            .toList())
                    .as("nothing it started is left running")
                    .isEmpty();
            return new Failed(out.toString(), err.toString(), report);
        }

        String problem() {
            return String.join("\n", report.subList(report.indexOf("Problem:"), report.indexOf("Fix:")));
        }

        String fix() {
            return String.join("\n", report.subList(report.indexOf("Fix:"), report.size()));
        }

        /** Copies {@code in} line by line; notes when the report's banner passed. */
        private static void copy(InputStream in, StringBuilder into, AtomicLong reportedAt) {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (reportedAt != null && line.equals("PAYHOOK FAILED TO START")) {
                        reportedAt.compareAndSet(0, System.nanoTime());
                    }
                    synchronized (into) {
                        into.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
