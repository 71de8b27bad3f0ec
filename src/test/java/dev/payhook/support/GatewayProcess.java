package dev.payhook.support;

import static org.awaitility.Awaitility.await;

import dev.payhook.PayhookApplication;
import dev.payhook.embedded.Postmaster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateway as its own operating-system process, for what cannot happen inside the test JVM: SIGKILL,
 * SIGTERM, a restart on the same data, and the packaged jar in its production profile.
 */
public final class GatewayProcess implements AutoCloseable {

    private final Process process;
    private final Path log;
    public final Gateway gateway;

    /** The embedded PostgreSQL's data directory, where the test knows it. */
    private final Optional<Path> database;

    private GatewayProcess(Process process, Path log, Optional<Path> database, int port, int managementPort) {
        this.process = process;
        this.log = log;
        this.database = database;
        this.gateway = new Gateway(port, managementPort);
    }

    /** Starts the gateway on {@code data}, with Stripe and the ops token configured, and waits until it is healthy. */
    public static GatewayProcess start(Path data, String... extraArgs) {
        List<String> launch = List.of(
                "-cp",
                testClassPath(),
                PayhookApplication.class.getName(),
                "--payhook.embedded-postgres.data-dir=" + data.resolve("postgres"),
                "--payhook.embedded-postgres.port=0",
                "--spring.artemis.embedded.data-directory=" + data.resolve("artemis"));
        return start(data, launch, Map.of(), CHECKOUT, Optional.of(data.resolve("postgres")), extraArgs);
    }

    /**
     * Starts the packaged jar (built by {@code mvn package}, so only integration tests may call this) with
     * the given environment, as an operator runs it, and waits until it is healthy.
     */
    public static GatewayProcess startJar(Path dir, Map<String, String> environment, String... extraArgs) {
        return start(dir, List.of("-jar", jar()), environment, CHECKOUT, Optional.empty(), extraArgs);
    }

    /**
     * Starts the packaged jar in {@code dir}, away from the checkout (no config/ and no routes/
     * beside it unless the test puts them there), on its embedded defaults, and waits until it is
     * healthy.
     */
    public static GatewayProcess startJarIn(Path dir, String... extraArgs) {
        return start(
                dir,
                List.of("-jar", jar()),
                Map.of(),
                dir,
                Optional.of(dir.resolve("data").resolve("postgres")),
                extraArgs);
    }

    /** The packaged jar the integration tests start. */
    public static String jar() {
        Path jar = Path.of(System.getProperty("payhook.jar", "target/payhook.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: integration tests run after mvn package");
        }
        return jar.toAbsolutePath().toString();
    }

    private static final Path CHECKOUT = Path.of(System.getProperty("user.dir"));

    /**
     * A test's gateway is small and short-lived: C1 alone and the serial collector leave the two
     * shared cores to the work under test. Neither changes what the gateway does.
     */
    public static final List<String> SMALL_JVM = List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    /** The java of the JVM running the tests. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The class path of the tests, for a child JVM that runs a class of theirs or the gateway's. */
    static String testClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    private static GatewayProcess start(
            Path dir,
            List<String> launch,
            Map<String, String> environment,
            Path workingDir,
            Optional<Path> database,
            String... extraArgs) {
        int port = Gateway.freePort();
        int managementPort = Gateway.freePort();
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(SMALL_JVM);
        command.addAll(launch);
        command.addAll(List.of(
                "--server.port=" + port,
                "--payhook.ops.port=" + managementPort,
                "--payhook.ops.token=" + Gateway.OPS_TOKEN,
                "--payhook.providers.stripe.secrets[0]=" + TestProvider.STRIPE.secret));
        command.addAll(List.of(extraArgs));
        Path log = dir.resolve("gateway-" + port + ".log");
        try {
            Files.createDirectories(dir);
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(workingDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().putAll(environment);
            GatewayProcess gateway = new GatewayProcess(builder.start(), log, database, port, managementPort);
            // away from the checkout a test may break readiness on purpose: there, started is enough
            gateway.awaitHealthy(workingDir.equals(CHECKOUT) ? "/actuator/health" : "/actuator/health/liveness");
            return gateway;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void awaitHealthy(String health) {
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    if (!process.isAlive()) {
                        throw new IllegalStateException(
                                "the gateway exited with " + process.exitValue() + ":\n" + tail());
                    }
                    try {
                        return gateway.request("GET", health, Map.of()).status() == 200;
                    } catch (UncheckedIOException notListeningYet) {
                        return false;
                    }
                });
    }

    /** SIGKILL: no shutdown hook runs, nothing is closed. */
    public void kill() {
        process.destroyForcibly();
        waitForExit();
    }

    /** SIGTERM: the orderly shutdown a service manager asks for. */
    public void stop() {
        process.destroy();
        waitForExit();
    }

    /** SIGTERM, and whether the process exited within {@code atMost}; killed when it did not. */
    public boolean stopWithin(Duration atMost) {
        process.destroy();
        try {
            boolean exited = process.waitFor(atMost.toMillis(), TimeUnit.MILLISECONDS);
            if (!exited) {
                process.destroyForcibly();
                waitForExit();
            }
            return exited;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void waitForExit() {
        try {
            if (!process.waitFor(90, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("the gateway did not exit within 90 s:\n" + tail());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Its embedded PostgreSQL as the start-up log names it (user postgres, no password, loopback only). */
    public String jdbcUrl() {
        Matcher m =
                Pattern.compile("Embedded PostgreSQL on 127\\.0\\.0\\.1:(\\d+)").matcher(log());
        String port = null;
        while (m.find()) {
            port = m.group(1);
        }
        if (port == null) {
            throw new IllegalStateException("the log does not name the database's port:\n" + tail());
        }
        return "jdbc:postgresql://127.0.0.1:" + port + "/payhook";
    }

    /** Everything the gateway wrote to stdout and stderr so far. */
    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The lines at WARN or ERROR (and the JVM's own warnings) that the gateway wrote before it said
     * it had started: none, for a start that went as it should.
     */
    public List<String> warningsAtStart() {
        List<String> warnings = new ArrayList<>();
        for (String line : log().lines().toList()) {
            if (line.matches("\\S+\\s+(WARN|ERROR) .*") || line.startsWith("WARNING:")) {
                warnings.add(line);
            }
            if (line.contains("Started PayhookApplication")) {
                return warnings;
            }
        }
        throw new IllegalStateException("the gateway has not said it started:\n" + tail());
    }

    private String tail() {
        String all = log();
        return all.substring(Math.max(0, all.length() - 4000));
    }

    /**
     * A gateway still running is killed, and the PostgreSQL server a kill leaves running is stopped,
     * so no test leaves servers behind. A gateway the test killed itself keeps its orphan: that is
     * what such a test looks at.
     */
    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            waitForExit();
            database.ifPresent(Postmaster::stopOrphan);
        }
    }
}
