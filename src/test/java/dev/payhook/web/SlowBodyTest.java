package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.SlowSenders;
import dev.payhook.support.SlowSenders.Outcome;
import dev.payhook.support.TestProvider;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bodies that arrive a byte at a time hold a connection each, never a thread: with 300 of them open
 * (declared length and chunked, reopened as soon as they are cut) a provider's signed webhook is
 * still answered 200 within 2 s, and each slow one is answered 408 and its connection closed.
 */
class SlowBodyTest extends GatewayTest {

    private static final int SLOW = 300;
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(2);

    @Test
    void threeHundredSlowBodiesDoNotStopASignedWebhook() throws Exception {
        List<Duration> answered = new ArrayList<>();
        List<Outcome> cut;
        try (SlowSenders slow = SlowSenders.start(port, "/webhooks/stripe", SLOW, Duration.ofMillis(400), 1)) {
            long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (System.nanoTime() < end) {
                assertThat(slow.open()).isEqualTo(SLOW);
                String event = unique("evt");
                String order = unique("ord");
                gateway.putOrder(order, 100, "USD");
                byte[] body = TestProvider.STRIPE.payment(event, unique("pay"), order, 100, "USD", Instant.now());
                long started = System.nanoTime();
                Answer answer = gateway.deliver(TestProvider.STRIPE, event, body);
                Duration took = Duration.ofNanos(System.nanoTime() - started);
                assertThat(answer.status())
                        .as("a signed webhook beside %d slow bodies", SLOW)
                        .isEqualTo(200);
                assertThat(took).as("answered within %s", ANSWER_WITHIN).isLessThan(ANSWER_WITHIN);
                answered.add(took);
                Thread.sleep(100);
            }
            slow.stopReopening();
            await().atMost(Duration.ofSeconds(20)).until(() -> slow.open() == 0);
            cut = slow.outcomes();
            System.out.printf(
                    "slow bodies: %d connections opened, %d cut within %d ms; signed webhooks: %d,"
                            + " slowest %d ms, median %d ms%n",
                    slow.opened(),
                    cut.size(),
                    cut.stream().mapToLong(o -> o.after().toMillis()).max().orElse(0),
                    answered.size(),
                    Collections.max(answered).toMillis(),
                    median(answered));
        }
        assertThat(cut).hasSizeGreaterThan(SLOW);
        assertThat(cut).allSatisfy(outcome -> {
            assertThat(outcome.status()).as("a slow body's answer").isEqualTo(408);
            assertThat(outcome.closedByGateway())
                    .as("its connection closed by the gateway")
                    .isTrue();
        });
    }

    @Test
    void aBodyStillArrivingAtTheDeadlineIs408() throws Exception {
        // 2 KiB every 250 ms is faster than the minimum rate; the whole MB would take two minutes
        try (SlowSenders slow = SlowSenders.start(port, "/webhooks/stripe", 2, Duration.ofMillis(250), 2048)) {
            slow.stopReopening();
            await().atMost(Duration.ofSeconds(15)).until(() -> slow.open() == 0);
            assertThat(slow.outcomes()).hasSize(2).allSatisfy(outcome -> {
                assertThat(outcome.status()).isEqualTo(408);
                assertThat(outcome.closedByGateway()).isTrue();
                // payhook.ingress.body-timeout is 3s in the tests; the container checks it once a second
                assertThat(outcome.after()).isBetween(Duration.ofSeconds(3), Duration.ofSeconds(6));
            });
        }
    }

    @Test
    void aBrokenChunkedBodyIsNeverAcceptedAndItsConnectionIsClosed() throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            String request = String.join(
                    "\r\n",
                    "POST /webhooks/stripe HTTP/1.1",
                    "Host: x",
                    "Content-Type: application/json",
                    "Transfer-Encoding: chunked",
                    "",
                    "{\"not\":\"a chunk size\"}",
                    "");
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            // the container allows no answer once the framing broke: it closes the connection
            assertThat(answer).doesNotStartWith("HTTP/1.1 2");
        }
    }

    private static long median(List<Duration> durations) {
        List<Duration> sorted = new ArrayList<>(durations);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2).toMillis();
    }
}
