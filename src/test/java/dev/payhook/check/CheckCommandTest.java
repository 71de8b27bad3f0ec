package dev.payhook.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code payhook check} says what a start would refuse, with file, line and the lines around it,
 * without starting a gateway; the shipped routes pass.
 */
class CheckCommandTest {

    record Run(int status, String out, String err) {}

    private static Run check(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = CheckCommand.run(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theShippedRoutesPass() {
        Run run = check("routes");
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).startsWith("routes: ").endsWith("no problem found" + System.lineSeparator());
    }

    @Test
    void eachMistakeIsSaidWithItsFileLineAndTheLinesAround(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kafka.yaml"), """
                - route:
                    id: to-kafka
                    from:
                      uri: "direct:kafka"
                      steps:
                        - to:
                            uri: "kafka:orders"
                """);
        Files.writeString(dir.resolve("option.yaml"), """
                - route:
                    id: chat
                    from:
                      uri: "direct:chat"
                      steps:
                        - to:
                            uri: "file:/tmp/chat?fileNamee=x.txt&password=hunter2"
                """);
        Files.writeString(dir.resolve("broken.yaml"), """
                - route:
                    id: broken
                    from
                      uri: "direct:broken"
                """);
        Files.writeString(dir.resolve("steal.yaml"), """
                - route:
                    id: steal
                    from:
                      uri: "jms:queue:payhook.inbound"
                      steps:
                        - log:
                            message: "${body}"
                """);
        Path types = Files.createDirectories(dir.resolve("types"));
        Files.writeString(types.resolve("wechatpay.yaml"), "types:\n  TRANSACTION.SUCCESS: { action: paid }\n");
        Files.writeString(types.resolve("stripe.yaml"), """
                types:
                  payment_intent.succeeded: { action: payment.succeeded, reader: payment_intent }
                  charge.captured: { action: payment.sucseeded, reader: charge }
                """);

        Run run = check(
                dir.toString(),
                "--payhook.branches.crm.to=https://crm.example.com/hooks",
                "--payhook.branches.crm.events=stripe:customer.updated");

        assertThat(run.status()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out())
                .contains(dir.resolve("kafka.yaml") + " line 7, route to-kafka at kafka:orders: this build of Payhook"
                        + " has no Camel component 'kafka'")
                .contains("  >    7 |             uri: \"kafka:orders\"")
                .contains(dir.resolve("option.yaml") + " line 7, route chat at")
                .contains("fileNamee")
                .doesNotContain("hunter2")
                .contains(dir.resolve("broken.yaml") + " line 4")
                .contains(dir.resolve("steal.yaml") + " line 4: route steal consumes payhook.inbound")
                .contains(types.resolve("stripe.yaml") + ":3: 'charge.captured': unknown action 'payment.sucseeded'")
                .contains("  >    3 |   charge.captured: { action: payment.sucseeded, reader: charge }")
                .contains(types.resolve("wechatpay.yaml") + ":2: 'TRANSACTION.SUCCESS': unknown action 'paid'")
                .contains("payhook.branches.crm.secrets: a branch to an HTTP URL signs each event")
                .contains("  fix: ")
                .endsWith("7 problems" + System.lineSeparator());
    }

    @Test
    void aFolderThatIsNotThereIsSaidInTwoLines(@TempDir Path dir) {
        Run run = check(dir.resolve("nowhere").toString());
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err().lines()).hasSize(2);
    }
}
