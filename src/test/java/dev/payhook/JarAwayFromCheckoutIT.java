package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayProcess;
import dev.payhook.support.TestProvider;
import dev.payhook.support.plugin.Plugins;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar started in a directory of its own, as an operator copies it to a host: its
 * configuration and routes come from the jar, every configured provider gets the template's
 * ingress route, and a route file in a routes/ folder beside it replaces one provider's.
 */
class JarAwayFromCheckoutIT {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @TempDir
    Path dir;

    @Test
    void theShippedJarHoldsNoBenchmarkCode() throws Exception {
        try (ZipFile jar = new ZipFile(GatewayProcess.jar())) {
            assertThat(jar.stream().map(ZipEntry::getName))
                    .isNotEmpty()
                    .filteredOn(name -> !name.endsWith("/")) // a folder a -Pbench build left in target/ is empty
                    .noneMatch(name -> name.contains("/bench/") || name.contains("BareIngress"));
        }
    }

    @Test
    void theJarRunsAnywhereAndEveryConfiguredProviderHasItsRoute() throws Exception {
        Path providers = Files.createDirectories(dir.resolve("routes/providers"));
        // an integrator's own route for one provider: a step of its own after Payhook's
        Files.writeString(providers.resolve("edited.yaml"), """
                - route:
                    id: ingress-edited
                    from:
                      uri: "platform-http:/webhooks/edited"
                      parameters:
                        httpMethodRestrict: POST
                      steps:
                        - setBody:
                            constant: "edited route"
                """);
        // a Camel component the jar does not hold, dropped into ./lib, used by a route file
        Plugins.jar(dir.resolve("lib"));
        Path touched = dir.resolve("touched.txt");
        Files.writeString(dir.resolve("routes/touch.yaml"), """
                - route:
                    id: touch
                    from:
                      uri: "timer:touch?repeatCount=1"
                      steps:
                        - setBody:
                            expression:
                              constant:
                                expression: "through a plugin"
                        - to:
                            uri: "touch:%s"
                """.formatted(touched));
        try (GatewayProcess jar = GatewayProcess.startJarIn(
                dir,
                "--payhook.embedded-postgres.port=0",
                "--payhook.providers.added.scheme=stripe",
                "--payhook.providers.added.secrets[0]=" + STRIPE.secret,
                "--payhook.providers.edited.scheme=stripe",
                "--payhook.providers.edited.secrets[0]=" + STRIPE.secret,
                "--payhook.dev.listening-file=listening")) {
            Gateway gateway = jar.gateway;
            assertThat(Files.readString(dir.resolve("listening")))
                    .as("where it listens, for send and listen, as bin/payhook --dev asks")
                    .contains("payhook.ops.port=" + gateway.managementPort() + "\n")
                    .containsPattern("server.port=[1-9][0-9]*\n");

            assertThat(gateway.putOrder("ord-away", 700, "USD").status()).isEqualTo(201);
            byte[] payment = STRIPE.payment("evt_away", "pi_away", "ord-away", 700, "USD", Instant.now());
            assertThat(gateway.deliver(STRIPE, "evt_away", payment).status()).isEqualTo(200);
            await().atMost(Duration.ofMinutes(1))
                    .until(() -> "paid"
                            .equals(gateway.order("ord-away").path("status").asString()));

            byte[] other = STRIPE.payment("evt_added", "pi_added", "ord-added", 700, "USD", Instant.now());
            assertThat(gateway.post("/webhooks/added", "application/json", other, STRIPE.sign("evt_added", other))
                            .status())
                    .as("a provider added by configuration alone is served by the template's route")
                    .isEqualTo(200);
            Answer edited =
                    gateway.post("/webhooks/edited", "application/json", other, STRIPE.sign("evt_edited", other));
            assertThat(edited.body())
                    .as("the route file beside the jar serves its provider instead")
                    .isEqualTo("edited route");
            assertThat(gateway.post("/webhooks/edited", "application/json", other, Map.of())
                            .status())
                    .as("after Payhook verified the request")
                    .isEqualTo(401);
            assertThat(gateway.request("GET", "/actuator/health/readiness", Map.of())
                            .status())
                    .isEqualTo(200);
            await().atMost(Duration.ofMinutes(1)).until(() -> Files.isRegularFile(touched));
            assertThat(Files.readString(touched))
                    .as("the component in ./lib took the route's message")
                    .isEqualTo("through a plugin");
            assertThat(Files.isDirectory(dir.resolve("data")))
                    .as("its data beside it")
                    .isTrue();
            jar.stop();
            assertThat(dir.resolve("listening")).as("removed as it stops").doesNotExist();
        }
    }
}
