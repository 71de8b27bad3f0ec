package dev.payhook.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.Scrape;
import dev.payhook.support.TestProvider;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * An endpoint that is down loses nothing, and one that is slow holds no other back (DESIGN.md §11.2),
 * with the merchant's two endpoints of the test configuration: {@code shop} and {@code audit}.
 */
class DeliveryResilienceTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final int PAYMENTS = 2_000;

    @Test
    void anEndpointDownWhilePaymentsArriveGetsEveryOrderPaidOnceWhenItIsBack() throws Exception {
        MerchantReceiver.server().resetRequests();
        StubMapping down = MerchantReceiver.server()
                .stubFor(post(urlPathEqualTo("/hooks/" + AUDIT_ENDPOINT))
                        .atPriority(1)
                        .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        double errors = attempts("error");
        String run = unique("out");
        List<String> orders =
                IntStream.range(0, PAYMENTS).mapToObj(i -> run + "_" + i).toList();
        // the orders registered in one statement: what is under test is the payments' way to the endpoint
        jdbc.update("""
                INSERT INTO orders (order_id, amount_minor, currency, sku, customer_id)
                SELECT ? || '_' || i, 500, 'USD', 'book-1', 'c-' || i FROM generate_series(0, ? - 1) AS i""", run, PAYMENTS);
        ExecutorService senders = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> sent = new ArrayList<>();
            for (String order : orders) {
                sent.add(senders.submit(() -> {
                    String event = unique("evt");
                    gateway.deliver(
                            STRIPE, event, STRIPE.payment(event, unique("pay"), order, 500, "USD", Instant.now()));
                }));
            }
            for (Future<?> f : sent) {
                f.get();
            }
        } finally {
            senders.shutdown();
        }
        await().atMost(Duration.ofMinutes(2))
                .until(() -> count("SELECT count(*) FROM orders WHERE order_id LIKE ? AND status = 'paid'", run + "%")
                        == PAYMENTS);
        await().atMost(DEADLINE).until(() -> attempts("error") > errors);

        MerchantReceiver.server().removeStub(down);
        // each look reads the receiver's whole journal: once a second leaves the CPU to the gateway
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> taken(run).size() == PAYMENTS);
        Map<String, Long> taken = taken(run);
        assertThat(taken.keySet())
                .as("every order's order.paid, version 1")
                .isEqualTo(orders.stream().map(o -> "order:" + o + ":1").collect(Collectors.toSet()));
        assertThat(taken.values()).as("each taken once").containsOnly(1L);
        assertThat(gateway.get("/ops/deliveries/failed?endpoint=" + AUDIT_ENDPOINT)
                        .body())
                .doesNotContain(run);
    }

    @Test
    void aSlowEndpointHoldsNoOtherBack() {
        String run = unique("slow");
        MerchantReceiver.answer(ENDPOINT, run, aResponse().withStatus(200).withFixedDelay(5_000));
        // twice as many as the slow endpoint has attempts in flight
        List<Instant> paidAt = new ArrayList<>();
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String order = run + "_" + i;
            orders.add(order);
            gateway.putOrder(order, 700, "USD");
            String event = unique("evt");
            paidAt.add(Instant.now());
            gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 700, "USD", Instant.now()));
        }
        await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received(AUDIT_ENDPOINT, run).size() == 8);
        for (int i = 0; i < orders.size(); i++) {
            LoggedRequest fast =
                    MerchantReceiver.received(AUDIT_ENDPOINT, orders.get(i)).get(0);
            assertThat(Duration.between(paidAt.get(i), fast.getLoggedDate().toInstant()))
                    .as("the fast endpoint is sent order %d without waiting for the slow one", i)
                    .isLessThan(Duration.ofSeconds(3));
        }
    }

    private double attempts(String result) {
        return Scrape.of(gateway)
                .value("payhook_delivery_attempts_total", "endpoint=" + AUDIT_ENDPOINT, "result=" + result);
    }

    /** The audit endpoint's 2xx answers to order messages of this run, by webhook-id. */
    private static Map<String, Long> taken(String run) {
        return MerchantReceiver.server().getAllServeEvents().stream()
                .filter(e -> e.getRequest().getUrl().equals("/hooks/" + AUDIT_ENDPOINT))
                // a reset connection is logged with the stub's default status: the fault tells it apart
                .filter(e ->
                        e.getResponse().getFault() == null && e.getResponse().getStatus() == 200)
                .map(ServeEvent::getRequest)
                .map(r -> r.getHeader("webhook-id"))
                .filter(id -> id.startsWith("order:" + run + "_"))
                .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
    }
}
