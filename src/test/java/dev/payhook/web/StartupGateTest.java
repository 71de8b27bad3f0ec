package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.PayhookApplication;
import dev.payhook.support.Gateway;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.TestProvider;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.camel.CamelContext;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The HTTP server is up before the Camel routes are. In between, a provider is told to come back
 * (503, Retry-After), never that the endpoint is gone (404), and readiness says so.
 */
class StartupGateTest {

    /** Holds the Camel context before it starts, so the window between server and routes stays open. */
    static final CountDownLatch ROUTES_MAY_START = new CountDownLatch(1);

    @Configuration(proxyBeanMethods = false)
    static class HoldRoutes {
        @Bean
        CamelContextConfiguration holdRoutesUntilReleased() {
            return new CamelContextConfiguration() {
                @Override
                public void beforeApplicationStart(CamelContext camelContext) {
                    try {
                        ROUTES_MAY_START.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }

                @Override
                public void afterApplicationStart(CamelContext camelContext) {}
            };
        }
    }

    @TempDir
    Path data;

    @Test
    void webhooksAre503UntilTheRoutesRunThenAccepted() throws Exception {
        int port = Gateway.freePort();
        int managementPort = Gateway.freePort();
        TestProvider stripe = TestProvider.STRIPE;
        CompletableFuture<ConfigurableApplicationContext> app = CompletableFuture.supplyAsync(
                () -> new SpringApplicationBuilder(PayhookApplication.class, HoldRoutes.class)
                        .run(
                                "--server.port=" + port,
                                "--payhook.ops.port=" + managementPort,
                                "--payhook.ops.token=" + Gateway.OPS_TOKEN,
                                "--payhook.embedded-postgres.data-dir=",
                                "--payhook.embedded-postgres.port=0",
                                "--spring.artemis.embedded.data-directory=" + data.resolve("artemis"),
                                "--payhook.providers.stripe.secrets[0]=" + stripe.secret));
        Gateway gateway = new Gateway(port, managementPort);
        try {
            String event = "evt_startup_" + port;
            byte[] body = stripe.payment(event, "pi_startup_" + port, "ord_startup_" + port, 100, "USD", Instant.now());
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> statusOrNull(() -> gateway.deliver(stripe, event, body)) != null);
            Answer waiting = gateway.deliver(stripe, event, body);
            assertThat(waiting.status()).isEqualTo(503);
            assertThat(waiting.json().path("error").asString()).isEqualTo("not_ready");
            assertThat(waiting.headers()).containsKey("retry-after");
            assertThat(gateway.request("GET", "/actuator/health/readiness", Map.of())
                            .status())
                    .isEqualTo(503);

            ROUTES_MAY_START.countDown();
            try (ConfigurableApplicationContext context = app.get(60, TimeUnit.SECONDS)) {
                assertThat(gateway.deliver(stripe, event, body).status()).isEqualTo(200);
                assertThat(gateway.request("GET", "/actuator/health/readiness", Map.of())
                                .status())
                        .isEqualTo(200);
            }
        } finally {
            ROUTES_MAY_START.countDown();
        }
    }

    private static Integer statusOrNull(Supplier<Answer> call) {
        try {
            return call.get().status();
        } catch (UncheckedIOException e) {
            return null; // not listening yet
        }
    }
}
