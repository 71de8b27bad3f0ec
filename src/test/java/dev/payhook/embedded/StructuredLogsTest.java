package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayProcess;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * With {@code logging.structured.format.console=ecs} (Spring Boot's structured logging) every log
 * line is one JSON record with the delivery's trace id, and nothing a request carries (a line break,
 * a quote, a brace) breaks out of its field into a record or a line of its own.
 */
class StructuredLogsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String FORGED = "{\"log\":{\"level\":\"ERROR\"},\"message\":\"forged\",\"forged\":true}";

    @TempDir
    Path data;

    @Test
    void everyLineIsOneJsonRecordWhateverARequestCarries() {
        TestProvider stripe = TestProvider.STRIPE;
        try (GatewayProcess process = GatewayProcess.start(data, "--logging.structured.format.console=ecs")) {
            // a signed event whose id carries a line break and a forged record (JSON-escaped in the body)
            String event = "evt_ecs\\r\\n" + FORGED.replace("\"", "\\\"");
            byte[] body = stripe.payment(event, "pi_ecs", "ord_ecs", 100, "USD", Instant.now());
            assertThat(process.gateway.deliver(stripe, event, body).status()).isEqualTo(200);
            // a refused form body that is nothing but a line break and a forged record
            process.gateway.post(
                    "/webhooks/stripe",
                    "application/x-www-form-urlencoded",
                    ("a\n" + FORGED).getBytes(StandardCharsets.UTF_8),
                    Map.of());
            await().atMost(Duration.ofMinutes(1)).until(() -> process.log().contains("of stripe: invalid_identifier"));

            List<String> lines = process.log().lines().toList();
            assertThat(lines).noneMatch(line -> line.startsWith("{\"log\""));
            List<JsonNode> records = lines.stream()
                    .filter(line -> line.startsWith("{"))
                    .map(JSON::readTree)
                    .toList();
            assertThat(records).hasSizeGreaterThan(20).noneMatch(r -> r.has("forged"));
            assertThat(lines)
                    .as("every line a record but the JVM's own before logging starts")
                    .filteredOn(line -> !line.startsWith("{"))
                    .allMatch(line -> line.isBlank() || line.startsWith("OpenJDK") || line.startsWith("WARNING:"));
            JsonNode deadLetter = records.stream()
                    .filter(r -> r.path("message").asString().contains("of stripe: invalid_identifier"))
                    .findFirst()
                    .orElseThrow();
            assertThat(deadLetter.path("log").path("level").asString()).isEqualTo("WARN");
            assertThat(deadLetter.path("traceId").asString()).matches("[0-9a-f]{32}");
        }
    }
}
