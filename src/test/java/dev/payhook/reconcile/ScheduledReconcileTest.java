package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.AdyenBatch;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.StripeApiStubs;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * The reconciler on its own schedule, its intervals shortened: it finds a paid order nobody told
 * Payhook about, leaves one nobody paid to a person, and runs on one instance at a time.
 */
@TestPropertySource(
        properties = {
            "payhook.reconcile.scheduled=true",
            "payhook.reconcile.sweep-interval=500ms",
            "payhook.reconcile.pending-after=1s",
            "payhook.reconcile.give-up-after=4s"
        })
class ScheduledReconcileTest extends GatewayTest {

    @Autowired
    Reconciler reconciler;

    @Test
    void sweepFindsAPaidOrderByItself() {
        String order = unique("ord");
        String pi = unique("pi");
        gateway.putOrder(order, 1900, "EUR");
        StripeApiStubs.paid(order, pi, 1900, "eur");

        awaitOrder(order, "paid");

        assertThat(count(
                        "SELECT count(*) FROM receipts r JOIN reconcile_runs run ON run.id = r.run_id "
                                + "WHERE r.order_id = ? AND r.source = 'reconciler' AND run.trigger = 'sweep'",
                        order))
                .isPositive();
        assertThat(gateway.order(order).path("payments")).hasSize(1);
    }

    @Test
    void sweepReadsTheFeedForWhatNoLookupCanFind() {
        String order = unique("ord");
        gateway.putOrder(order, 4900, "USD");
        String event = "evt_" + unique("sweep");
        String page = "{\"data\":["
                + new String(
                        TestProvider.PADDLE.payment(event, unique("txn"), order, 4900, "USD", Instant.now()),
                        StandardCharsets.UTF_8)
                + "],\"meta\":{\"request_id\":\"req_1\",\"pagination\":{\"per_page\":200,\"has_more\":false}}}";
        StubMapping feed = ApiStubs.server()
                .stubFor(get(urlPathEqualTo("/paddle/events"))
                        .withQueryParam("after", absent())
                        .willReturn(okJson(page)));
        try {
            awaitOrder(order, "paid");
        } finally {
            ApiStubs.server().removeStub(feed);
        }
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ? AND source = 'reconciler'", event))
                .isEqualTo(1);
    }

    @Test
    void orderNobodyConfirmsBecomesAReviewAndStaysPending() {
        String order = unique("ord");
        gateway.putOrder(order, 1900, "EUR");

        await().atMost(DEADLINE)
                .until(() ->
                        count("SELECT count(*) FROM reviews WHERE order_id = ? AND kind = 'unconfirmed_payment'", order)
                                == 1);

        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM reconcile_findings WHERE order_id = ? AND kind = 'unconfirmed_payment'",
                        order))
                .isPositive();
    }

    @Test
    void pendingAdyenOrderBecomesAReviewForNoAdyenApiCanBeAsked() {
        String order = unique("ord");
        gateway.putOrder(order, 1900, "EUR");
        byte[] declined = AdyenBatch.batch(
                "false",
                List.of(AdyenBatch.item(
                        unique("psp"), "", order, 1900, "EUR", "AUTHORISATION", "false", Instant.now())));
        assertThat(gateway.post("/webhooks/adyen", "application/json", declined, Map.of())
                        .status())
                .isEqualTo(200);

        await().atMost(DEADLINE)
                .until(() -> count(
                                "SELECT count(*) FROM reviews WHERE order_id = ? AND kind = 'unconfirmed_payment'"
                                        + " AND detail LIKE '%no provider can be asked%'",
                                order)
                        == 1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM reconcile_findings WHERE order_id = ? AND kind = 'cannot_ask'"
                                + " AND detail LIKE 'adyen:%'",
                        order))
                .isPositive();
    }

    @Test
    void onlyOneInstanceRunsAScheduledReconciliationAtATime() throws Exception {
        ScheduledRuns first = new ScheduledRuns(reconciler, jdbc);
        ScheduledRuns second = new ScheduledRuns(reconciler, jdbc);
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Runnable hold = () -> {
            holding.countDown();
            try {
                release.await(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        // the context's own scheduler may hold the lock for a moment: the first instance waits its turn
        CompletableFuture<Boolean> firstRan = CompletableFuture.supplyAsync(() -> {
            await().atMost(DEADLINE).until(() -> first.exclusively("test", hold));
            return true;
        });
        assertThat(holding.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
        gateway.putOrder(unique("ord"), 100, "EUR");
        int sweeps = count("SELECT count(*) FROM reconcile_runs WHERE trigger = 'sweep'");

        boolean secondRan = second.exclusively("test", () -> {});
        second.sweep();

        assertThat(secondRan).isFalse();
        assertThat(count("SELECT count(*) FROM reconcile_runs WHERE trigger = 'sweep'"))
                .isEqualTo(sweeps);
        release.countDown();
        assertThat(firstRan.get(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(second.exclusively("test", () -> {})).isTrue();
    }
}
