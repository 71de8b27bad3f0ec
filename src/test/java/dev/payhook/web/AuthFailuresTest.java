package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Guessing the ops token is slowed per source address (the test client's addresses are told by
 * X-Forwarded-For, its loopback being a trusted proxy): past ten failures in a minute that address
 * is refused, the right token included, while another address is not.
 */
class AuthFailuresTest extends GatewayTest {

    @Test
    void tenWrongBearerTokensHoldThatAddressBackAndNoOther() {
        String guesser = address();
        for (int i = 0; i < AuthFailures.PER_MINUTE; i++) {
            assertThat(bearer(guesser, "Bearer wrong-" + i).status()).isEqualTo(401);
        }

        Answer held = bearer(guesser, "Bearer " + Gateway.OPS_TOKEN);
        assertThat(held.status()).isEqualTo(429);
        assertThat(held.json().path("error").asString()).isEqualTo("too_many_failed_authentications");
        assertThat(Integer.parseInt(held.headers().get("retry-after").get(0))).isBetween(1, 60);
        assertThat(bearer(address(), "Bearer " + Gateway.OPS_TOKEN).status()).isEqualTo(200);
    }

    @Test
    void tenWrongConsoleLoginsHoldThatAddressBack() throws Exception {
        String guesser = address();
        for (int i = 0; i < AuthFailures.PER_MINUTE; i++) {
            assertThat(login(guesser, "wrong-" + i)).isEqualTo(401);
        }
        assertThat(login(guesser, Gateway.OPS_TOKEN)).isEqualTo(429);
        assertThat(login(address(), Gateway.OPS_TOKEN)).isEqualTo(302);
    }

    private Answer bearer(String from, String authorization) {
        return gateway.managementListenerOnly()
                .request("GET", "/ops/dead-letters", Map.of("Authorization", authorization, "X-Forwarded-For", from));
    }

    private int login(String from, String token) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create("http://127.0.0.1:" + gateway.managementPort() + "/ops/login"))
                                .timeout(Duration.ofSeconds(30))
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .header("X-Forwarded-For", from)
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "token=" + URLEncoder.encode(token, StandardCharsets.UTF_8)))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static final AtomicInteger NEXT =
            new AtomicInteger(ThreadLocalRandom.current().nextInt(1, 200));

    /** An address of the documentation range (RFC 5737), a new one per call. */
    private static String address() {
        return "203.0.113." + NEXT.getAndIncrement();
    }
}
