package dev.payhook.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.embedded.Postmaster;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayProcess;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.TestProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A branch gets each event once per event id across a provider's resend and a kill -9 of the
 * gateway after the event's transaction committed and before the branch had it.
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
    void anEventCommittedBeforeAKillReachesTheBranchOnceAfterTheRestart() {
        String order = "ord-branch-kill";
        String event = "evt_branch_kill_1";
        byte[] paid = STRIPE.payment(event, "pi_branch_kill_1", order, 700, "USD", Instant.now());
        String url = MerchantReceiver.url("ledger-kill");
        try (GatewayProcess first = GatewayProcess.start(data, branch(url, false))) {
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
            first.kill();
        }
        assertThat(MerchantReceiver.received("ledger-kill", event))
                .as("nothing reached the branch yet")
                .isEmpty();

        try (GatewayProcess second = GatewayProcess.start(data, branch(url, true))) {
            await().atMost(DEADLINE)
                    .until(() -> MerchantReceiver.received("ledger-kill", event).size() == 1);
            assertThat(second.gateway.deliver(STRIPE, event, paid).status()).isEqualTo(200);
            await().atMost(DEADLINE).until(() -> receipts(second.gateway, event) == 3);
            assertThat(MerchantReceiver.received("ledger-kill", event))
                    .singleElement()
                    .satisfies(r -> assertThat(r.getHeader("Idempotency-Key")).isEqualTo("stripe:" + event));
        }
    }

    private static String[] branch(String url, boolean enabled) {
        return new String[] {
            "--payhook.branches.ledger.to=" + url,
            "--payhook.branches.ledger.events[0]=stripe:payment_intent.*",
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
