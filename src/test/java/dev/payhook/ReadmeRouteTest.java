package dev.payhook;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.outbox.EventSubscribers;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.Delivery;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.TestProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;

/**
 * The README's example of an integrator's own route, as it is written there, runs in the gateway
 * without a setting naming its queue: a review reaches the chat webhook, an order that was only
 * paid does not. Its consumer is transacted without saying so: a chat webhook that fails once gets
 * the message again, one that keeps failing gets it parked for ops, who replay it.
 */
@ExtendWith(OutputCaptureExtension.class)
class ReadmeRouteTest extends GatewayTest {

    /** The YAML block after the README says "write your own route". */
    private static final Pattern EXAMPLE = Pattern.compile("write your own route.*?```yaml\\n(.*?)```", Pattern.DOTALL);

    private static final String CHAT = "https://chat.example.com/hooks/T000";
    private static final String QUEUE = "payhook.events.ops-chat";

    @Autowired
    CamelContext camel;

    @Autowired
    EventSubscribers subscribers;

    @Autowired
    DeliveryStore deliveries;

    /** The route a test loaded, removed after it so that it takes no other test's reviews. */
    private String loaded;

    @AfterEach
    void removeTheRoute() throws Exception {
        if (loaded != null) {
            camel.getRouteController().stopRoute(loaded);
            camel.removeRoute(loaded);
        }
    }

    @Test
    void theReadmesChatRouteForwardsAReviewAndNotAPayment(CapturedOutput output) throws Exception {
        loadTheExample("ops-chat", "chat");

        assertThat(output.getAll())
                .as("written in the canonical notation, it loads without Camel's warning")
                .doesNotContain("compact notation detected");
        assertThat(subscribers.queues()).contains(QUEUE);

        String order = unique("ord");
        long review = payTwice(TestProvider.STRIPE, order, unique("pay"), 700, "USD");
        String told = "{\"text\":\"Payhook: review.opened review:" + review + "\"}";
        await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received("chat", told).size() == 1);
        assertThat(MerchantReceiver.undocumented(
                        MerchantReceiver.received("chat", told).get(0), Set.of("content-type")))
                .as("none of the broker's headers (JMSMessageID, PayhookKey, ...) leave for the chat")
                .isEmpty();
        // the order.paid of the same change went by: the route's filter let only what needs a person through
        assertThat(MerchantReceiver.received("chat", "order:" + order)).isEmpty();
        await().atMost(DEADLINE)
                .until(() -> record("ops-chat", "review:" + review)
                        .filter(d -> d.state() == DeliveryStore.State.DELIVERED)
                        .isPresent());
    }

    @Test
    void aChatWebhookThatFailsOnceGetsTheReviewAgainAndItIsDeliveredOnce() throws Exception {
        loadTheExample("ops-chat-flaky", "chat-flaky");
        StubMapping once = MerchantReceiver.server()
                .stubFor(post(urlPathEqualTo("/hooks/chat-flaky"))
                        .inScenario("flaky")
                        .whenScenarioStateIs(STARTED)
                        .willReturn(aResponse().withStatus(500))
                        .willSetStateTo("recovered"));
        try {
            long review = payTwice(TestProvider.STRIPE, unique("ord"), unique("pay"), 700, "USD");
            String key = "review:" + review;
            await().atMost(DEADLINE)
                    .until(() -> record("ops-chat-flaky", key)
                            .filter(d -> d.state() == DeliveryStore.State.DELIVERED)
                            .isPresent());
            assertThat(MerchantReceiver.received("chat-flaky", key))
                    .as("the 500, then the 200 of the retry")
                    .hasSize(2);
            assertThat(record("ops-chat-flaky", key).orElseThrow().attempts()).isEqualTo(2);
            assertThat(parked("ops-chat-flaky", key)).isEmpty();
        } finally {
            MerchantReceiver.server().removeStub(once);
        }
    }

    @Test
    void aChatWebhookThatKeepsFailingGetsTheReviewParkedAndOpsReplayIt(CapturedOutput output) throws Exception {
        // a credential in the chat's URI, which an HTTP failure names
        loadTheExample("ops-chat-down", "chat-down", "token=hunter2&");
        StubMapping down =
                MerchantReceiver.answer("chat-down", "review:", aResponse().withStatus(500));
        String key;
        try {
            long review = payTwice(TestProvider.STRIPE, unique("ord"), unique("pay"), 700, "USD");
            key = "review:" + review;
            JsonNode parked = await().atMost(DEADLINE)
                    .until(() -> parked("ops-chat-down", key), Optional::isPresent)
                    .orElseThrow();
            assertThat(parked.path("attempts").asInt())
                    .as("the first attempt and payhook.events.retry-schedule's two")
                    .isEqualTo(3);
            assertThat(parked.path("last_response").asString())
                    .contains("500", "token=xxxxxx")
                    .doesNotContain("hunter2");
            assertThat(MerchantReceiver.received("chat-down", key)).hasSize(3);
            assertThat(record("ops-chat-down", key).orElseThrow().state()).isEqualTo(DeliveryStore.State.PARKED);
            assertThat(output.getAll())
                    .as("a parked message is said, once, in the log")
                    .contains("Parked " + key + " of subscriber ops-chat-down (route " + loaded
                            + ") after 3 attempts, the last answered HTTP 500");
            assertThat(gateway.get("/actuator/prometheus").body())
                    .containsPattern("payhook_subscriber_parked_total\\{subscriber=\"ops-chat-down\"} [1-9]");
        } finally {
            MerchantReceiver.server().removeStub(down);
        }
        assertThat(gateway.call("POST", "/ops/deliveries/failed/replay", "{\"endpoint\":\"ops-chat-down\"}")
                        .status())
                .isEqualTo(202);
        await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received("chat-down", key).size() == 4);
        await().atMost(DEADLINE)
                .until(() -> record("ops-chat-down", key)
                        .filter(d -> d.state() == DeliveryStore.State.DELIVERED)
                        .isPresent());
        assertThat(parked("ops-chat-down", key)).isEmpty();
    }

    /** The README's route as written, on subscriber {@code subscriber}'s queue, telling receiver {@code chat}. */
    private void loadTheExample(String subscriber, String chat) throws Exception {
        loadTheExample(subscriber, chat, "");
    }

    /** ... its chat URL with {@code query} (options ending in {@code &}) before the README's own. */
    private void loadTheExample(String subscriber, String chat, String query) throws Exception {
        Matcher example = EXAMPLE.matcher(Files.readString(Path.of("README.md")));
        assertThat(example.find()).as("the README's example route").isTrue();
        String route = example.group(1);
        assertThat(route).contains(QUEUE, CHAT);
        List<String> before =
                camel.getRoutes().stream().map(r -> r.getRouteId()).toList();
        // no payhook.events.subscribers names it: the route's queue is declared because the route consumes it
        PluginHelper.getRoutesLoader(camel)
                .loadRoutes(ResourceHelper.fromString(
                        subscriber + ".yaml",
                        route.replace(QUEUE, EventSubscribers.queue(subscriber))
                                .replace(CHAT + "?", MerchantReceiver.url(chat) + "?" + query)));
        loaded = camel.getRoutes().stream()
                .map(r -> r.getRouteId())
                .filter(id -> !before.contains(id))
                .findFirst()
                .orElseThrow();
    }

    private Optional<Delivery> record(String subscriber, String key) {
        return deliveries.of(List.of(key)).getOrDefault(key, List.of()).stream()
                .filter(d -> d.subscriber().equals(subscriber))
                .reduce((earlier, later) -> later);
    }

    private Optional<JsonNode> parked(String subscriber, String key) {
        for (JsonNode row :
                gateway.get("/ops/deliveries/failed?endpoint=" + subscriber).json()) {
            if (row.path("webhook_id").asString().equals(key)) {
                return Optional.of(row);
            }
        }
        return Optional.empty();
    }
}
