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
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * The reconciler on its own schedule, its intervals shortened: it finds a paid order nobody told
 * Payhook about, leaves one nobody paid to a person, runs on one instance at a time, and the daily
 * run once per tick.
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
    ScheduledRuns scheduledRuns;

    @Autowired
    CamelContext camel;

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
        // a gateway that has not read Paddle's feed yet: another test on this database may have
        jdbc.update("DELETE FROM reconcile_cursors WHERE provider = 'paddle'");
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

    /** An order of 19.00 EUR nobody pays, once the sweep has made it a review. */
    private String unconfirmedOrder() {
        String order = unique("ord");
        gateway.putOrder(order, 1900, "EUR");
        await().atMost(DEADLINE)
                .until(() ->
                        count("SELECT count(*) FROM reviews WHERE order_id = ? AND kind = 'unconfirmed_payment'", order)
                                == 1);
        return order;
    }

    @Test
    void orderNobodyConfirmsBecomesAReviewAndStaysPending() {
        String order = unconfirmedOrder();

        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM reconcile_findings WHERE order_id = ? AND kind = 'unconfirmed_payment'",
                        order))
                .isPositive();
    }

    @Test
    void aReviewNobodyConfirmedIsAnsweredByALaterPaymentAndClosesItself() {
        String order = unconfirmedOrder();

        String event = unique("evt");
        gateway.deliver(
                TestProvider.STRIPE,
                event,
                TestProvider.STRIPE.payment(event, unique("pi"), order, 1900, "EUR", Instant.now()));
        awaitOrder(order, "paid");

        Map<String, Object> review = jdbc.queryForMap(
                "SELECT status, resolved_by, note FROM reviews WHERE order_id = ? AND kind = 'unconfirmed_payment'",
                order);
        assertThat(review).containsEntry("status", "resolved").containsEntry("resolved_by", "payhook");
        assertThat((String) review.get("note")).contains("stripe event " + event);
    }

    /**
     * A backlog on payhook.inbound older than pending-after may hold the order's payment: the sweep
     * says so in its findings and opens no review; the backlog, once processed, pays the order.
     */
    @Test
    void noReviewIsOpenedWhileTheInboundBacklogMayHoldThePayment() throws Exception {
        String order = unique("ord");
        camel.getRouteController().stopRoute("processing", 10, TimeUnit.SECONDS);
        try {
            gateway.putOrder(order, 2300, "EUR");
            String event = unique("evt");
            gateway.deliver(
                    TestProvider.STRIPE,
                    event,
                    TestProvider.STRIPE.payment(event, unique("pi"), order, 2300, "EUR", Instant.now()));
            await().atMost(DEADLINE)
                    .until(() -> count(
                                    "SELECT count(*) FROM reconcile_findings WHERE order_id = ?"
                                            + " AND kind = 'unconfirmed_payment' AND detail LIKE '%no review yet%'",
                                    order)
                            > 0);
            assertThat(count("SELECT count(*) FROM reviews WHERE order_id = ?", order))
                    .isZero();
        } finally {
            camel.getRouteController().startRoute("processing");
        }
        awaitOrder(order, "paid");
        assertThat(count("SELECT count(*) FROM reviews WHERE order_id = ?", order))
                .isZero();
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
    void whileAnotherInstanceRunsTheSweepThisOneSkipsItsTurn() {
        String order = unique("ord");
        gateway.putOrder(order, 100, "EUR");
        // take the sweep's lock as another instance would, once no sweep of this one holds it
        await().atMost(DEADLINE).until(() -> jdbc.update("""
                INSERT INTO shedlock (name, lock_until, locked_at, locked_by)
                VALUES ('reconcile-sweep', now() + interval '1 hour', now(), 'other-instance')
                ON CONFLICT (name) DO UPDATE SET lock_until = EXCLUDED.lock_until,
                    locked_at = EXCLUDED.locked_at, locked_by = EXCLUDED.locked_by
                WHERE shedlock.lock_until <= now()""") == 1);
        try {
            // the order is due for a lookup once it is older than pending-after
            await().atMost(DEADLINE)
                    .until(() -> count(
                                    "SELECT count(*) FROM orders WHERE order_id = ? AND created_at < now() - interval '1 second'",
                                    order)
                            == 1);
            int sweeps = sweeps();

            scheduledRuns.sweep();

            assertThat(sweeps()).as("no sweep while another instance runs one").isEqualTo(sweeps);
        } finally {
            jdbc.update("UPDATE shedlock SET lock_until = now() WHERE name = 'reconcile-sweep'");
        }
        int sweeps = sweeps();
        scheduledRuns.sweep();
        assertThat(sweeps()).as("its turn once the lock is free").isGreaterThan(sweeps);
    }

    @Test
    void theDailyRunRunsOncePerTickHoweverManyInstancesFireIt() {
        jdbc.update("UPDATE shedlock SET lock_until = now() WHERE name = 'reconcile-daily'");
        int daily = count("SELECT count(*) FROM reconcile_runs WHERE trigger = 'daily'");

        scheduledRuns.daily();
        scheduledRuns.daily(); // the same tick on an instance whose clock is a little behind

        assertThat(count("SELECT count(*) FROM reconcile_runs WHERE trigger = 'daily'"))
                .isEqualTo(daily + 1);
        assertThat(count("SELECT count(*) FROM shedlock WHERE name = 'reconcile-daily'"
                        + " AND lock_until >= locked_at + interval '1 minute'"))
                .as("held for the clock skew allowed between instances after the run")
                .isEqualTo(1);
    }

    private int sweeps() {
        return count("SELECT count(*) FROM reconcile_runs WHERE trigger = 'sweep'");
    }
}
