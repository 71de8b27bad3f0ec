package dev.payhook.merchant;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import com.standardwebhooks.Webhook;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.Scrape;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The merchant's web application is told over HTTP (DESIGN.md §11.2): signed as Standard Webhooks so
 * that its library verifies it with either secret, the same webhook-id on every attempt, retried
 * until a 2xx, failed after the schedule and replayed by ops.
 */
class HttpDeliveryTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Pays a new order; its order.paid is what the endpoint is sent. */
    private String paidOrder(int amount) {
        String order = unique("ord");
        gateway.putOrder(order, amount, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, amount, "USD", Instant.now()));
        return order;
    }

    private static List<LoggedRequest> awaitReceived(String order, int n) {
        await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received(ENDPOINT, order).size() >= n);
        return MerchantReceiver.received(ENDPOINT, order);
    }

    private static Map<String, List<String>> headers(LoggedRequest r) {
        return r.getHeaders().all().stream()
                .collect(Collectors.toMap(h -> h.key().toLowerCase(java.util.Locale.ROOT), h -> h.values()));
    }

    @Test
    void aDeliveryVerifiesWithTheStandardWebhooksLibraryUnderEitherSecret() throws Exception {
        String order = paidOrder(1200);
        LoggedRequest request = awaitReceived(order, 1).get(0);
        String body = request.getBodyAsString();
        JsonNode message = JSON.readTree(body);
        assertThat(message.path("type").asString()).isEqualTo("order.paid");
        assertThat(message.path("data").path("order_id").asString()).isEqualTo(order);
        assertThat(request.getHeader("content-type")).isEqualTo("application/json");
        assertThat(request.getHeader("webhook-id")).isEqualTo("order:" + order + ":1");
        assertThat(request.getHeader("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}");
        // the merchant's library, not Payhook's code: each secret alone verifies it (rotation)
        new Webhook(MerchantReceiver.SECRET).verify(body, headers(request));
        new Webhook(MerchantReceiver.PREVIOUS_SECRET).verify(body, headers(request));
    }

    @Test
    void anAttemptThatGot500IsRetriedWithTheSameWebhookId() {
        String order = unique("ord");
        MerchantReceiver.server()
                .stubFor(post(urlPathEqualTo("/hooks/" + ENDPOINT))
                        .withRequestBody(containing(order))
                        .inScenario(order)
                        .whenScenarioStateIs(Scenario.STARTED)
                        .willSetStateTo("recovered")
                        .willReturn(aResponse().withStatus(500).withBody("database is down")));
        double failedAttempts =
                Scrape.of(gateway).value("payhook_delivery_attempts_total", "endpoint=" + ENDPOINT, "result=5xx");
        gateway.putOrder(order, 900, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 900, "USD", Instant.now()));

        List<LoggedRequest> attempts = awaitReceived(order, 2);
        assertThat(attempts).extracting(r -> r.getHeader("webhook-id")).containsOnly("order:" + order + ":1");
        assertThat(attempts.get(1).getBodyAsString()).isEqualTo(attempts.get(0).getBodyAsString());
        assertThat(Scrape.of(gateway).value("payhook_delivery_attempts_total", "endpoint=" + ENDPOINT, "result=5xx"))
                .isGreaterThan(failedAttempts);
        assertThat(MerchantReceiver.received(ENDPOINT, order))
                .as("taken: no third attempt")
                .hasSize(2);
    }
}
