package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.broker.Destination;
import dev.payhook.processing.DeadLetters;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * After an incident ops act on hundreds of dead letters at once: a filter names them (reason,
 * provider, event type, received between), bulk replay and discard act on its open result, and
 * the export gives back each one's raw body.
 */
class BulkDeadLettersTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    JmsTemplate jms;

    @Test
    void bulkReplayTakesTheFilteredThreeHundredAndLeavesTheOtherTwoHundredAlone() {
        Instant from = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        List<String> orders = new ArrayList<>();
        Map<String, byte[]> deliveries = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            String order = unique("ord"), event = unique("evt");
            orders.add(order);
            deliveries.put(event, STRIPE.payment(event, unique("pay"), order, 900, "USD", Instant.now()));
        }
        Map<String, byte[]> unreadable = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            String event = unique("evt");
            unreadable.put(
                    event,
                    ("{\"id\":\"" + event + "\",\"object\":\"event\",\"created\":1764472000}")
                            .getBytes(StandardCharsets.UTF_8));
        }
        deliveries.putAll(unreadable);
        inParallel(deliveries.keySet(), event -> gateway.deliver(STRIPE, event, deliveries.get(event)));
        String window = "received_from=" + from;
        await().atMost(DEADLINE)
                .until(() -> gateway.get("/ops/dead-letters/counts?" + window)
                                .json()
                                .path("total")
                                .asInt()
                        == 500);
        JsonNode counts = gateway.get("/ops/dead-letters/counts?" + window).json();
        assertThat(counts.path("by_reason").path("unknown_order").asInt()).isEqualTo(300);
        assertThat(counts.path("by_reason").path("unparseable").asInt()).isEqualTo(200);

        // the list is read to its end a page at a time, and the event type is a filter of its own
        JsonNode first = gateway.get("/ops/dead-letters?reason=unknown_order&limit=250&" + window)
                .json();
        JsonNode second = gateway.get("/ops/dead-letters?reason=unknown_order&limit=250&" + window + "&after="
                        + first.get(249).path("id").asString())
                .json();
        assertThat(first.size() + second.size()).isEqualTo(300);
        String type = first.get(0).path("event_type").asString();
        assertThat(type).isNotBlank();
        assertThat(gateway.get("/ops/dead-letters/counts?event_type=" + type + "&" + window)
                        .json()
                        .path("total")
                        .asInt())
                .isEqualTo(300);

        inParallel(orders, order -> gateway.putOrder(order, 900, "USD"));
        Gateway.Answer replayed = gateway.call(
                "POST",
                "/ops/dead-letters/replay",
                "{\"reason\":\"unknown_order\",\"received_from\":\"" + from + "\"}");
        assertThat(replayed.status()).isEqualTo(202);
        assertThat(replayed.json().path("count").asInt()).isEqualTo(300);
        UUID batch = UUID.fromString(replayed.json().path("batch_id").asString());

        await().atMost(DEADLINE)
                .until(() -> count(
                                "SELECT count(*) FROM orders WHERE order_id = ANY(string_to_array(?, ',')) AND status = 'paid'",
                                String.join(",", orders))
                        == 300);
        assertThat(count(
                        "SELECT count(DISTINCT target) FROM ops_actions WHERE batch_id = ? AND action = 'replay_dead_letter'",
                        batch))
                .isEqualTo(300);
        List<String> unparseableIds = ids("unparseable", window);
        assertThat(unparseableIds).hasSize(200);
        assertThat(copiesOnTheDlq(ids("unknown_order", window + "&status=all")))
                .as("the replayed ones' copies left payhook.dlq")
                .isZero();
        assertThat(copiesOnTheDlq(unparseableIds)).isEqualTo(200);
        assertThat(gateway.get("/ops/dead-letters/counts?" + window)
                        .json()
                        .path("total")
                        .asInt())
                .isEqualTo(200);

        // the same request again finds nothing open (other tests' dead letters are outside its window)
        assertThat(gateway.call(
                                "POST",
                                "/ops/dead-letters/replay",
                                "{\"reason\":\"unknown_order\",\"received_from\":\"" + from + "\"}")
                        .json()
                        .path("count")
                        .asInt())
                .isZero();

        Gateway.Answer discarded = gateway.call(
                "POST", "/ops/dead-letters/discard", "{\"reason\":\"unparseable\",\"received_from\":\"" + from + "\"}");
        assertThat(discarded.json().path("count").asInt()).isEqualTo(200);
        assertThat(copiesOnTheDlq(unparseableIds)).isZero();

        // the export gives each one back byte for byte, discarded ones included when asked for
        Gateway.Answer export = gateway.get("/ops/dead-letters/export?status=discarded&reason=unparseable&" + window);
        assertThat(export.headers().get("content-type").get(0)).startsWith("application/x-ndjson");
        Map<String, byte[]> exported = export.body()
                .lines()
                .map(JSON::readTree)
                .collect(Collectors.toMap(
                        line -> line.path("event_id").asString(),
                        line -> Base64.getDecoder()
                                .decode(line.path("body_base64").asString())));
        assertThat(exported.keySet()).isEqualTo(unreadable.keySet());
        unreadable.forEach((event, body) -> assertThat(exported.get(event)).isEqualTo(body));
    }

    @Test
    void aFilterOpsCannotMeanIsRefusedWithTheFieldNamed() {
        assertRefused("{\"reason\":\"lost\"}", "reason must be one of");
        assertRefused("{\"status\":\"open\"}", "status");
        assertRefused(
                "{\"received_from\":\"2026-12-02T00:00:00Z\",\"received_to\":\"2026-12-01T00:00:00Z\"}",
                "received_from must be before received_to");
        assertRefused("{\"received_to\":\"yesterday\"}", "received_to must be an ISO-8601 instant");
        assertThat(gateway.get("/ops/dead-letters?reason=lost").status()).isEqualTo(400);
    }

    /** As providers and the merchant's backend send them: many at once. */
    private static <T> void inParallel(Collection<T> items, Consumer<T> each) {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            items.stream()
                    .map(item -> pool.submit(() -> each.accept(item)))
                    .toList()
                    .forEach(f -> {
                        try {
                            f.get();
                        } catch (InterruptedException | ExecutionException e) {
                            throw new AssertionError(e);
                        }
                    });
        } finally {
            pool.shutdownNow();
        }
    }

    private void assertRefused(String filter, String detail) {
        Gateway.Answer answer = gateway.call("POST", "/ops/dead-letters/replay", filter);
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains(detail);
    }

    private List<String> ids(String reason, String query) {
        List<String> ids = new ArrayList<>();
        gateway.get("/ops/dead-letters?limit=1000&reason=" + reason + "&" + query)
                .json()
                .forEach(d -> ids.add(d.path("id").asString()));
        return ids;
    }

    private int copiesOnTheDlq(List<String> ids) {
        String selector = DeadLetters.ID_HEADER + " IN ("
                + ids.stream().map(id -> "'" + id + "'").collect(Collectors.joining(", ")) + ")";
        Integer n = jms.browseSelected(Destination.DLQ.address(), selector, (session, browser) -> {
            int count = 0;
            for (var e = browser.getEnumeration(); e.hasMoreElements(); e.nextElement()) {
                count++;
            }
            return count;
        });
        return n == null ? 0 : n;
    }
}
