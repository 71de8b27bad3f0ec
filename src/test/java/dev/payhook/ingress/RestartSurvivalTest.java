package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.PayhookApplication;
import dev.payhook.support.Gateway;
import dev.payhook.support.TestProvider;
import dev.payhook.web.Listeners;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/** A message acknowledged to the provider survives a restart of the gateway before it was processed. */
class RestartSurvivalTest {

    @TempDir
    Path data;

    @Test
    void acceptedButUnprocessedMessagesAreAppliedAfterARestart() {
        String order = "ord-restart";
        String event = "evt_restart_1";
        TestProvider dodo = TestProvider.DODO;

        try (ConfigurableApplicationContext first = start(false)) {
            Gateway gateway = gatewayOf(first);
            assertThat(gateway.putOrder(order, 800, "USD").status()).isEqualTo(201);
            byte[] body = dodo.payment(event, "pay_restart_1", order, 800, "USD", Instant.now());
            assertThat(gateway.deliver(dodo, event, body).status()).isEqualTo(200);
            assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        }

        try (ConfigurableApplicationContext second = start(true)) {
            Gateway gateway = gatewayOf(second);
            await().atMost(Duration.ofSeconds(30))
                    .until(() ->
                            "paid".equals(gateway.order(order).path("status").asString()));
            assertThat(gateway.order(order).path("entitlement").path("status").asString())
                    .isEqualTo("active");
        }
    }

    private ConfigurableApplicationContext start(boolean processing) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--payhook.ops.port=0",
                "--payhook.processing.enabled=" + processing,
                "--payhook.ops.token=" + Gateway.OPS_TOKEN,
                "--payhook.embedded-postgres.data-dir=" + data.resolve("postgres"),
                "--payhook.embedded-postgres.port=0",
                "--spring.artemis.embedded.data-directory=" + data.resolve("artemis"),
                "--payhook.products.dodo.pdt_T3stProduct=book-1"));
        for (TestProvider p : TestProvider.values()) {
            args.add("--payhook.providers." + p.id + ".secrets[0]=" + p.secret);
        }
        return new SpringApplicationBuilder(PayhookApplication.class).run(args.toArray(String[]::new));
    }

    private static Gateway gatewayOf(ConfigurableApplicationContext context) {
        return new Gateway(
                ((WebServerApplicationContext) context).getWebServer().getPort(),
                context.getBean(Listeners.class).managementPort());
    }
}
