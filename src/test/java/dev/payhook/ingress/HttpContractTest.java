package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.Scrape;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The status codes of docs/DESIGN.md §6 for requests that never reach verification or the API. */
class HttpContractTest extends GatewayTest {

    private static final String BEARER = "Bearer " + Gateway.OPS_TOKEN;

    @Test
    void anUnknownAndASwitchedOffProviderGetTheSame404() {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        Answer unknown = gateway.post("/webhooks/nobody", "application/json", body, Map.of());
        Answer off = gateway.post("/webhooks/retired", "application/json", body, Map.of());
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("error").asString()).isEqualTo("unknown_provider");
        assertThat(off.status()).isEqualTo(404);
        assertThat(off.body()).isEqualTo(unknown.body());
    }

    @Test
    void aWrongMethodIs405() {
        assertThat(gateway.request("GET", "/webhooks/stripe", Map.of()).status())
                .isEqualTo(405);
        assertThat(gateway.request("PUT", "/webhooks/paddle", Map.of()).status())
                .isEqualTo(405);
    }

    /**
     * What the container or Spring refuses before any handler is Payhook's JSON with a reason on
     * both listeners, never an HTML page; headers over the limit are 431 and counted as a refusal.
     */
    @Test
    void errorsNoHandlerAnsweredAreJsonWithAReason() {
        double before = Scrape.of(gateway)
                .value("payhook_ingress_rejected_total", "provider=stripe", "reason=headers_too_large");
        Map<String, String> big = Map.of("X-Big", "a".repeat(9000));
        for (String path : List.of("/webhooks/stripe", "/ops/dead-letters")) {
            Answer tooLarge = gateway.raw("POST", path, big, "{}");
            assertThat(tooLarge.status()).as(path).isEqualTo(431);
            assertThat(tooLarge.json().path("error").asString()).isEqualTo("headers_too_large");
        }
        assertThat(Scrape.of(gateway)
                        .value("payhook_ingress_rejected_total", "provider=stripe", "reason=headers_too_large"))
                .isEqualTo(before + 1);
        for (String path : List.of("/webhooks/str%2fipe", "/webhooks/str%00ipe", "/ops/x%2fy")) {
            Answer malformed = gateway.raw("POST", path, Map.of(), "{}");
            assertThat(malformed.status()).as(path).isEqualTo(400);
            assertThat(malformed.json().path("error").asString()).as(path).isEqualTo("malformed_request");
        }
        Answer html =
                gateway.request("GET", "/ops/dead-letters", Map.of("Accept", "text/html", "Authorization", BEARER));
        assertThat(html.status()).isEqualTo(406);
        assertThat(html.json().path("error").asString()).isEqualTo("not_acceptable");
        assertThat(gateway.request("GET", "/error", Map.of("Authorization", BEARER))
                        .status())
                .as("the error page asked for by its path")
                .isEqualTo(404);
        Answer method = gateway.request("DELETE", "/ops/dead-letters", Map.of("Authorization", BEARER));
        assertThat(method.status()).isEqualTo(405);
        assertThat(method.json().path("error").asString()).isEqualTo("method_not_allowed");
    }

    @Test
    void aBodyOverTheLimitIs413EvenWhenSigned() {
        byte[] body = new byte[1024 * 1024 + 1];
        Arrays.fill(body, (byte) ' ');
        Answer answer = gateway.deliver(TestProvider.STRIPE, "evt_big", body);
        assertThat(answer.status()).isEqualTo(413);
    }

    @Test
    void aChunkedBodyOverTheLimitIs413AndOneWithinItIsAccepted() {
        byte[] big = new byte[3 * 1024 * 1024];
        Arrays.fill(big, (byte) ' ');
        assertThat(gateway.postChunked("/webhooks/stripe", big, TestProvider.STRIPE.sign("evt_chunked_big", big))
                        .status())
                .isEqualTo(413);

        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 100, "USD");
        byte[] body = TestProvider.STRIPE.payment(event, unique("pay"), order, 100, "USD", Instant.now());
        assertThat(gateway.postChunked("/webhooks/stripe", body, TestProvider.STRIPE.sign(event, body))
                        .status())
                .isEqualTo(200);
        awaitOrder(order, "paid");
    }

    @Test
    void aNonJsonContentTypeIs415() {
        String event = unique("evt");
        byte[] body = TestProvider.STRIPE.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
        Answer answer = gateway.post("/webhooks/stripe", "text/plain", body, TestProvider.STRIPE.sign(event, body));
        assertThat(answer.status()).isEqualTo(415);
    }

    @Test
    void opsAndApiEndpointsNeedTheBearerToken() {
        assertThat(gateway.request("GET", "/ops/receipts", Map.of()).status()).isEqualTo(401);
        assertThat(gateway.request("GET", "/api/orders/x", Map.of()).status()).isEqualTo(401);
        assertThat(gateway.request("GET", "/ops/no-such-thing", Map.of()).status())
                .isEqualTo(401);
        assertThat(gateway.request("GET", "/ops/receipts", Map.of("Authorization", "Bearer wrong"))
                        .status())
                .isEqualTo(401);
        assertThat(gateway.get("/ops/receipts").status()).isEqualTo(200);
    }

    @Test
    void theAnswerDoesNotEchoTheSignature() {
        String event = unique("evt");
        byte[] body = TestProvider.STRIPE.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
        Answer answer = gateway.deliver(TestProvider.STRIPE, event, body);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.headers()).doesNotContainKey("stripe-signature");
    }

    @Test
    void ordersAreCreatedOnceAndConflictsAreRefused() {
        String order = unique("ord");
        assertThat(gateway.putOrder(order, 1050, "NPR").status()).isEqualTo(201);
        assertThat(gateway.putOrder(order, 1050, "NPR").status()).isEqualTo(200);
        assertThat(gateway.putOrder(order, 1051, "NPR").status()).isEqualTo(409);
        assertThat(gateway.putOrder(unique("ord"), 100, "XXX").status()).isEqualTo(400);
        assertThat(gateway.get("/api/orders/" + unique("ord")).status()).isEqualTo(404);
    }
}
