package dev.payhook.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.embedded.Postmaster;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayProcess;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.TestProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A branch gets each event once per event id across a provider's resend and a kill -9 of the
 * gateway after the event's transaction committed and before the branch had it. A route of the
 * merchant's own whose endpoint was failing when the gateway was killed gets its message after the
 * restart, once.
 */
class BranchKillTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path data;

    @AfterEach
    void noServerLeftBehind() {
        Postmaster.running(data.resolve("postgres")).ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    void anEventCommittedBeforeAKillReachesTheBranchOnceAfterTheRestart() throws IOException {
        String order = "ord-branch-kill";
        String event = "evt_branch_kill_1";
        byte[] paid = STRIPE.payment(event, "pi_branch_kill_1", order, 700, "USD", Instant.now());
        String url = MerchantReceiver.url("ledger-kill");
        StubMapping down =
                MerchantReceiver.answer("chat-kill", order, aResponse().withStatus(500));
        try (GatewayProcess first = GatewayProcess.start(data, withOwnRoute(branch(url, false)))) {
            Gateway gateway = first.gateway;
            assertThat(gateway.putOrder(order, 700, "USD").status()).isEqualTo(201);
            assertThat(gateway.deliver(STRIPE, event, paid).status()).isEqualTo(200);
            await().atMost(DEADLINE)
                    .until(() ->
                            "paid".equals(gateway.order(order).path("status").asString()));
            assertThat(gateway.deliver(STRIPE, event, paid).status())
                    .as("the provider's resend")
                    .isEqualTo(200);
            await().atMost(DEADLINE).until(() -> receipts(gateway, event) == 2);
            await().atMost(DEADLINE)
                    .alias("the route's endpoint failing on the order.paid")
                    .until(() -> !MerchantReceiver.received("chat-kill", order).isEmpty());
            first.kill();
        } finally {
            MerchantReceiver.server().removeStub(down);
        }
        int failed = MerchantReceiver.received("chat-kill", order).size();
        assertThat(MerchantReceiver.received("ledger-kill", event))
                .as("nothing reached the branch yet")
                .isEmpty();

        try (GatewayProcess second = GatewayProcess.start(data, withOwnRoute(branch(url, true)))) {
            await().atMost(DEADLINE)
                    .until(() -> MerchantReceiver.received("ledger-kill", event).size() == 1);
            await().atMost(DEADLINE)
                    .alias("the order.paid the route's endpoint failed on, taken once after the restart")
                    .until(() -> MerchantReceiver.received("chat-kill", order).size() == failed + 1);
            assertThat(second.gateway.deliver(STRIPE, event, paid).status()).isEqualTo(200);
            await().atMost(DEADLINE).until(() -> receipts(second.gateway, event) == 3);
            assertThat(MerchantReceiver.received("ledger-kill", event))
                    .singleElement()
                    .satisfies(r -> assertThat(r.getHeader("Idempotency-Key")).isEqualTo("stripe:" + event));
            assertThat(MerchantReceiver.received("chat-kill", order))
                    .as("the route's endpoint took the order.paid once")
                    .hasSize(failed + 1);
        }
    }

    /**
     * A route of the merchant's own in a routes folder of the test's, telling an endpoint of each
     * order.paid, retried for longer than the test takes.
     */
    private String[] withOwnRoute(String... args) throws IOException {
        Path routes = Files.createDirectories(data.resolve("routes"));
        Files.writeString(routes.resolve("chat.yaml"), """
                - route:
                    id: chat-kill
                    from:
                      uri: "jms:queue:payhook.events::payhook.events.chat-kill"
                      steps:
                        - filter:
                            expression:
                              simple:
                                expression: "${header.PayhookKind} == 'order.paid'"
                            steps:
                              - setBody:
                                  expression:
                                    simple:
                                      expression: "${header.PayhookKey}"
                              - to:
                                  uri: "%s?httpMethod=POST"
                """.formatted(MerchantReceiver.url("chat-kill")));
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--payhook.routes.dir=" + routes);
        all.add("--payhook.events.retry-schedule=1s,1s,1s,1s,1s,1s,1s,1s,1s,1s");
        return all.toArray(String[]::new);
    }

    private static String[] branch(String url, boolean enabled) {
        return new String[] {
            "--payhook.branches.ledger.to=" + url,
            "--payhook.branches.ledger.events[0]=stripe:payment_intent.*",
            "--payhook.branches.ledger.secrets=" + MerchantReceiver.SECRET,
            "--payhook.branches.ledger.enabled=" + enabled
        };
    }

    /** How many deliveries of the event the gateway has processed (applied, duplicate, ...). */
    private static int receipts(Gateway gateway, String event) {
        return (int) java.util.stream.StreamSupport.stream(
                        gateway.get("/ops/receipts?provider=stripe&event_id=" + event)
                                .json()
                                .spliterator(),
                        false)
                .filter(r -> !"received".equals(r.path("outcome").asString()))
                .count();
    }
}
