package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.Scrape;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /ops/inbound}: a delivery the broker holds but processing has not read has no receipt
 * yet; ops see it on the queue, and it is gone from there once processed.
 */
class InboundBrowseTest extends GatewayTest {

    @Autowired
    CamelContext camel;

    @Test
    void aWaitingDeliveryIsSeenOnTheQueueUntilProcessed() throws Exception {
        String order = unique("ord");
        String event = unique("evt");
        gateway.putOrder(order, 1000, "EUR");
        camel.getRouteController().stopRoute("processing", 10, TimeUnit.SECONDS);
        try {
            byte[] body = TestProvider.STRIPE.payment(event, unique("pi"), order, 1000, "EUR", Instant.now());
            assertThat(gateway.deliver(TestProvider.STRIPE, event, body).status())
                    .isEqualTo(200);

            JsonNode waiting = find(gateway.get("/ops/inbound").json(), event);
            assertThat(waiting).as("waiting on payhook.inbound").isNotNull();
            assertThat(waiting.path("provider").asString()).isEqualTo("stripe");
            // not yet handed to processing: no delivery attempt so far
            assertThat(waiting.path("delivery_count").asInt()).isZero();
            assertThat(waiting.path("received_at").asString()).isNotBlank();
            assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ?", event))
                    .isZero();
            assertThat(Scrape.of(gateway).value("payhook_queue_depth", "queue=payhook.inbound"))
                    .as("the inbound depth metric")
                    .isGreaterThanOrEqualTo(1);
        } finally {
            camel.getRouteController().startRoute("processing");
        }
        awaitOrder(order, "paid");
        await().atMost(DEADLINE).until(() -> find(gateway.get("/ops/inbound").json(), event) == null);
        assertThat(gateway.request("GET", "/ops/inbound", java.util.Map.of()).status())
                .isEqualTo(401);
    }

    private static JsonNode find(JsonNode list, String event) {
        for (JsonNode row : list) {
            if (event.equals(row.path("event_id").asString())) {
                return row;
            }
        }
        return null;
    }
}
