package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.payhook.PayhookApplication;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A start that cannot go on because of how the gateway is set up ends with the cause and the fix,
 * the last thing printed, in a few lines as written: no stack trace, no report flattened into one
 * log line.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureTest {

    private static final String TOKEN = "startup-failure-test-token-0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void aPortInUse(CapturedOutput output) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<String> report = failedStart(output, "--server.port=" + taken.getLocalPort());
            assertThat(report)
                    .contains("Web server failed to start. Port " + taken.getLocalPort() + " was already in use.");
        }
    }

    @Test
    void aDataDirectoryHeldByAnotherPayhook(CapturedOutput output) throws Exception {
        Path data = dir.resolve("postgres");
        try (EmbeddedPostgres other = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false)
                .start()) {
            List<String> report = failedStart(output, "--payhook.embedded-postgres.data-dir=" + data);
            assertThat(String.join("\n", report))
                    .contains("belongs to a Payhook that is still running")
                    .contains("give this one another payhook.embedded-postgres.data-dir");
        }
    }

    @Test
    void aWeakToken(CapturedOutput output) {
        List<String> report = failedStart(output, "--payhook.ops.token=change-me");
        assertThat(report)
                .contains("payhook.ops.token (PAYHOOK_OPS_TOKEN) is 9 characters long; at least 32 are required")
                .contains("generate one with openssl rand -hex 32");
        assertThat(output.getAll()).doesNotContain("change-me");
    }

    @Test
    void aMissingSetting(CapturedOutput output) {
        List<String> report = failedStart(output, "--payhook.providers.paddle.enabled=true");
        assertThat(report)
                .contains("payhook.providers.paddle.secrets is empty but provider paddle is enabled")
                .contains("set it (see config/application.yml) or payhook.providers.paddle.enabled=false");
    }

    @Test
    void aRouteFileCamelCannotRead(CapturedOutput output) throws Exception {
        Path routes = Files.createDirectories(dir.resolve("routes"));
        Files.writeString(routes.resolve("mine.yaml"), """
                - route:
                    id: mine
                    from:
                      uri: "timer:tick?period=60000"
                      steps:
                        - nosuchstep:
                            foo: bar
                """);
        List<String> report = failedStart(output, "--payhook.routes.dir=" + routes);
        assertThat(String.join("\n", report))
                .contains(routes.resolve("mine.yaml") + " line 6, column 11: Unknown node id: nosuchstep")
                .contains("- nosuchstep:")
                .contains("move it out of the routes folder");
    }

    @Test
    void aRouteThatWouldTakeFromTheInboundQueue(CapturedOutput output) throws Exception {
        Path routes = Files.createDirectories(dir.resolve("routes"));
        Files.writeString(routes.resolve("steal.yaml"), """
                - route:
                    from:
                      uri: "jms:queue:{{payhook.destination.inbound}}"
                      steps:
                        - log:
                            message: "took it"
                """);
        List<String> report = failedStart(output, "--payhook.routes.dir=" + routes);
        assertThat(String.join("\n", report))
                .contains(routes.resolve("steal.yaml") + " line 3: route ")
                .contains(" consumes payhook.inbound, which only Payhook's own routes may")
                .contains("consume payhook.events through a queue of your own");
    }

    @Test
    void aTypeTableThatCannotWork(CapturedOutput output) throws Exception {
        Path types = Files.createDirectories(dir.resolve("routes/types"));
        Files.writeString(types.resolve("stripe.yaml"), """
                types:
                  payment_intent.succeeded: { action: payment.succeeded, reader: payment_intent }
                  charge.refunded:          { action: refund.succeeded,  reader: payment_intent }
                """);
        List<String> report = failedStart(
                output,
                "--payhook.routes.dir=" + dir.resolve("routes"),
                "--payhook.providers.stripe.secrets[0]=whsec_startup_failure_test");
        assertThat(String.join("\n", report))
                .contains(types.resolve("stripe.yaml") + ":3: 'charge.refunded': reader 'payment_intent' cannot"
                        + " carry out refund.succeeded (it carries out: payment.canceled, payment.failed,"
                        + " payment.pending, payment.succeeded)")
                .contains("correct the type table");
    }

    /** Starts the gateway with {@code setting}s; the report it ended with, from its banner to the last line. */
    private List<String> failedStart(CapturedOutput output, String... setting) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("server.port", "0");
        settings.put("payhook.ops.port", "0");
        settings.put("payhook.ops.token", TOKEN);
        settings.put("payhook.embedded-postgres.data-dir", "");
        settings.put("payhook.embedded-postgres.port", "0");
        settings.put(
                "spring.artemis.embedded.data-directory", dir.resolve("artemis").toString());
        for (String s : setting) {
            String[] named = s.substring(2).split("=", 2);
            settings.put(named[0], named[1]);
        }
        String[] args = settings.entrySet().stream()
                .map(e -> "--" + e.getKey() + "=" + e.getValue())
                .toArray(String[]::new);
        Throwable failure = catchThrowable(() -> {
            // a start that went through is closed, so that it fails this test and nothing else
            new SpringApplicationBuilder(PayhookApplication.class).run(args).close();
        });
        assertThat(failure).as("the start failed").isNotNull();
        List<String> lines = new ArrayList<>(output.getAll().lines().toList());
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
            lines.remove(lines.size() - 1);
        }
        int banner = lines.lastIndexOf("PAYHOOK FAILED TO START");
        assertThat(banner)
                .as("the report is there:\n" + String.join("\n", lines))
                .isPositive();
        List<String> report = lines.subList(banner - 1, lines.size());
        assertThat(report)
                .as("the report is the last thing printed, in under 15 lines")
                .hasSizeLessThan(15)
                .contains("Problem:", "Fix:")
                .noneMatch(line -> line.startsWith("\tat ") || line.contains("\\n"));
        return report;
    }
}
