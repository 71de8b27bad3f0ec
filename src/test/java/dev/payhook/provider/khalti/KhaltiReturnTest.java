package dev.payhook.provider.khalti;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.reconcile.Reconciler;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Khalti has no webhook and signs nothing: the payer's browser comes back with the result in the
 * query, and only Khalti's lookup answer, stubbed in Khalti's format, says the order was paid.
 */
class KhaltiReturnTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final String LOOKUP = "/khalti/v2/epayment/lookup/";
    private static final String THANKS = "https://shop.example.test/khalti/thanks";
    private static final String PROBLEM = "https://shop.example.test/khalti/problem";
    private static final String CHECKING = "https://shop.example.test/khalti/checking";

    @Autowired
    Reconciler reconciler;

    @Test
    void aReturnKhaltiConfirmsPaysTheOrderOnce() {
        String order = order(150000);
        String pidx = pidx();
        answer(pidx, "Completed", 150000);

        Answer back = browser(path(pidx, "Completed", order, 150000));
        Answer reload = browser(path(pidx, "Completed", order, 150000));

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(THANKS);
        assertThat(reload.headers().get("location")).containsExactly(THANKS);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(paid.path("payments")).hasSize(1);
        assertThat(paid.path("payments").get(0).path("provider_payment_id").asString())
                .isEqualTo(pidx);
        API.verify(
                1,
                postRequestedFor(urlPathEqualTo(LOOKUP))
                        .withHeader("Authorization", equalTo("Key " + ApiStubs.KHALTI_SECRET))
                        .withRequestBody(equalToJson("{\"pidx\":\"" + pidx + "\"}")));
    }

    @Test
    void aReturnKhaltiHasNotSettledLeavesTheOrderPending() {
        String order = order(150000);
        String pidx = pidx();
        answer(pidx, "Pending", 150000);

        Answer back = browser(path(pidx, "Pending", order, 150000));

        assertThat(back.headers().get("location")).containsExactly(CHECKING);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(gateway.order(order).path("entitlement").path("status").asString())
                .isEqualTo("none");
    }

    @Test
    void aMalformedReturnIsRefusedKeptAndNeverAskedAbout() {
        String order = order(150000);
        String pidx = pidx();

        Answer noPidx = browser("/returns/khalti?status=Completed&purchase_order_id=" + order + "&total_amount=150000");
        Answer noAmount = browser(
                "/returns/khalti?pidx=" + pidx + "&status=Completed&purchase_order_id=" + order + "&total_amount=lots");
        Answer noOrder = browser("/returns/khalti?pidx=" + pidx + "&status=Completed&total_amount=150000");

        for (Answer refused : List.of(noPidx, noAmount, noOrder)) {
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.json().path("error").asString()).isEqualTo("malformed_return");
        }
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM refused_requests WHERE provider = 'khalti'"
                                + " AND (position(? in convert_from(body, 'UTF8')) > 0"
                                + " OR position(? in convert_from(body, 'UTF8')) > 0)",
                        order,
                        pidx))
                .isEqualTo(3);
        API.verify(
                0, postRequestedFor(urlPathEqualTo(LOOKUP)).withRequestBody(matchingJsonPath("$.pidx", equalTo(pidx))));
    }

    /** Khalti's own amount is held against the order: what the return says is only a hint. */
    @Test
    void anAmountKhaltiSaysIsNotTheOrdersNeverPaysIt() {
        String order = order(150000);
        String pidx = pidx();
        answer(pidx, "Completed", 1500);

        Answer back = browser(path(pidx, "Completed", order, 150000));

        assertThat(back.headers().get("location")).containsExactly(CHECKING);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(gateway.order(order).path("reviews").get(0).path("kind").asString())
                .isEqualTo("amount_mismatch");
    }

    @Test
    void whenTheApiIsDownNothingChangesAndTheSweepAsksByThePidx() {
        String order = order(150000);
        String pidx = pidx();
        StubMapping down = API.stubFor(post(urlPathEqualTo(LOOKUP))
                .withRequestBody(matchingJsonPath("$.pidx", equalTo(pidx)))
                .willReturn(serverError()));

        Answer back = browser(path(pidx, "Completed", order, 150000));

        assertThat(back.headers().get("location")).containsExactly(CHECKING);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");

        API.removeStub(down);
        answer(pidx, "Completed", 150000);
        jdbc.update("UPDATE orders SET created_at = now() - interval '1 hour' WHERE order_id = ?", order);
        UUID sweep = reconciler.sweep().orElseThrow();

        assertThat(awaitRun(sweep).path("status").asString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }

    @Test
    void aPaymentThePayerCanceledCancelsTheOrderAndLandsOnTheFailurePage() {
        String order = order(150000);
        String pidx = pidx();
        answer(pidx, "User canceled", 150000);

        Answer back = browser(path(pidx, "User canceled", order, 150000));

        assertThat(back.headers().get("location")).containsExactly(PROBLEM);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("canceled");
    }

    /**
     * Khalti takes no reference: the lookup is asked first, the transaction it names refunded
     * whole, and the lookup saying Refunded settles the request; nothing is refunded twice.
     */
    @Test
    void aDoublePaymentIsRefundedOnceThroughKhalti() {
        String order = order(150000);
        String first = pidx(), extra = pidx();
        answer(first, "Completed", 150000);
        browser(path(first, "Completed", order, 150000));
        String scenario = "khalti-refund-" + extra;
        API.stubFor(post(urlPathEqualTo(LOOKUP))
                .withRequestBody(matchingJsonPath("$.pidx", equalTo(extra)))
                .inScenario(scenario)
                .whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson(lookup(extra, "Completed", 150000))));
        API.stubFor(post(urlPathEqualTo("/khalti/merchant-transaction/TXN" + extra + "/refund/"))
                .withHeader("Authorization", equalTo("Key " + ApiStubs.KHALTI_SECRET))
                .inScenario(scenario)
                .whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson("{\"detail\":\"Transaction refund successful.\"}"))
                .willSetStateTo("refunded"));
        API.stubFor(post(urlPathEqualTo(LOOKUP))
                .withRequestBody(matchingJsonPath("$.pidx", equalTo(extra)))
                .inScenario(scenario)
                .whenScenarioStateIs("refunded")
                .willReturn(okJson(lookup(extra, "Refunded", 150000))));
        browser(path(extra, "Completed", order, 150000));
        long review = await().atMost(DEADLINE)
                .until(
                        () -> gateway.order(order)
                                .path("reviews")
                                .path(0)
                                .path("id")
                                .asLong(),
                        id -> id > 0);

        Answer asked = gateway.withToken(REFUND_TOKEN).call("POST", "/ops/reviews/" + review + "/refund", null);

        assertThat(asked.status()).as(asked.body()).isEqualTo(202);
        String id = asked.json().path("id").asString();
        await().atMost(DEADLINE)
                .until(
                        () -> gateway.get("/ops/refunds/" + id)
                                .json()
                                .path("status")
                                .asString(),
                        "succeeded"::equals);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        for (JsonNode p : paid.path("payments")) {
            assertThat(p.path("status").asString())
                    .isEqualTo(p.path("provider_payment_id").asString().equals(extra) ? "refunded" : "succeeded");
        }
        API.verify(1, postRequestedFor(urlPathEqualTo("/khalti/merchant-transaction/TXN" + extra + "/refund/")));
    }

    private String order(long paisa) {
        String order = unique("ord");
        gateway.putOrder(order, paisa, "NPR");
        return order;
    }

    private static String pidx() {
        return "pidx" + UUID.randomUUID().toString().replace("-", "").substring(0, 18);
    }

    private static void answer(String pidx, String status, long paisa) {
        API.stubFor(post(urlPathEqualTo(LOOKUP))
                .withRequestBody(matchingJsonPath("$.pidx", equalTo(pidx)))
                .willReturn(okJson(lookup(pidx, status, paisa))));
    }

    private static String lookup(String pidx, String status, long paisa) {
        boolean paid = status.equals("Completed") || status.equals("Refunded");
        return "{\"pidx\":\"" + pidx + "\",\"total_amount\":" + paisa + ",\"status\":\"" + status
                + "\",\"transaction_id\":" + (paid ? "\"TXN" + pidx + "\"" : "null") + ",\"fee\":0,\"refunded\":"
                + status.equals("Refunded") + "}";
    }

    /** The query Khalti appends to the return_url. */
    private static String path(String pidx, String status, String order, long paisa) {
        return "/returns/khalti?pidx=" + pidx + "&transaction_id=TXN" + pidx + "&tidx=TXN" + pidx + "&txnId=TXN" + pidx
                + "&amount=" + paisa + "&total_amount=" + paisa + "&mobile=98XXXXX904&status="
                + URLEncoder.encode(status, StandardCharsets.UTF_8) + "&purchase_order_id=" + order
                + "&purchase_order_name=Book";
    }

    private Answer browser(String path) {
        return gateway.request("GET", path, Map.of());
    }
}
