package dev.payhook.provider.esewa;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.payhook.reconcile.Reconciler;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.EsewaReturns;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * eSewa (ePay v2) has no webhook: the payer's browser comes back with a signed return, and only
 * eSewa's status API, stubbed in eSewa's published format, can say the order was paid.
 */
class EsewaReturnTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final String STATUS = "/esewa/api/epay/transaction/status/";
    private static final String THANKS = "https://shop.example.test/esewa/thanks";
    private static final String PROBLEM = "https://shop.example.test/esewa/problem";

    @Autowired
    Reconciler reconciler;

    @Test
    void aReturnTheStatusApiConfirmsCompletePaysTheOrder() {
        String order = order(100000);
        status(order, "1000.0", "COMPLETE");

        Answer back = browser(EsewaReturns.path(signed(order, "1000.0", "COMPLETE")));

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(THANKS);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        assertThat(gateway.order(order)
                        .path("payments")
                        .get(0)
                        .path("amount_minor")
                        .asLong())
                .isEqualTo(100000);
        assertThat(count("SELECT count(*) FROM receipts WHERE order_id = ? AND source = 'return'", order))
                .isEqualTo(1);
        API.verify(getRequestedFor(urlPathEqualTo(STATUS))
                .withQueryParam("product_code", equalTo(ESEWA_PRODUCT_CODE))
                .withQueryParam("total_amount", equalTo("1000.0"))
                .withQueryParam("transaction_uuid", equalTo(order)));
    }

    @Test
    void aReturnTheStatusApiCallsPendingLeavesTheOrderPending() {
        String order = order(50000);
        status(order, "500.0", "PENDING");

        Answer back = browser(EsewaReturns.path(signed(order, "500.0", "COMPLETE")));

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(PROBLEM);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(gateway.order(order).path("entitlement").path("status").asString())
                .isEqualTo("none");
    }

    @Test
    void aTamperedReturnIsRefusedKeptAndNeverAskedAbout() {
        String order = order(100000);
        String genuine = signed(order, "1.0", "COMPLETE");
        String raised = genuine.replace("\"total_amount\":1.0", "\"total_amount\":1000.0");

        Answer tampered = browser(EsewaReturns.path(raised));
        Answer unreadable = browser("/returns/esewa?data=not-base64!");
        Answer otherKey = browser(EsewaReturns.path(
                EsewaReturns.json(order, "1000.0", "COMPLETE", ESEWA_PRODUCT_CODE, "another-merchant-key")));

        assertThat(tampered.status()).isEqualTo(401);
        assertThat(tampered.json().path("error").asString()).isEqualTo("invalid_signature");
        assertThat(unreadable.status()).isEqualTo(400);
        assertThat(otherKey.status()).isEqualTo(401);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM refused_requests WHERE provider = 'esewa'"
                                + " AND position(? in convert_from(body, 'UTF8')) > 0",
                        order))
                .isEqualTo(2);
        API.verify(0, getRequestedFor(urlPathEqualTo(STATUS)).withQueryParam("transaction_uuid", equalTo(order)));
    }

    @Test
    void whenTheStatusApiIsDownNothingChangesAndTheSweepAsksAgain() {
        String order = order(100000);
        var down = API.stubFor(get(urlPathEqualTo(STATUS))
                .withQueryParam("transaction_uuid", equalTo(order))
                .willReturn(serverError()));

        Answer back = browser(EsewaReturns.path(signed(order, "1000.0", "COMPLETE")));

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(PROBLEM);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");

        API.removeStub(down);
        status(order, "1000.0", "COMPLETE");
        registeredLongAgo(order);
        UUID sweep = reconciler.sweep().orElseThrow();

        assertThat(awaitRun(sweep).path("status").asString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }

    @Test
    void theSweepFindsAPaymentWhosePayerNeverCameBack() {
        String order = order(25050);
        status(order, "250.5", "COMPLETE");
        registeredLongAgo(order);

        UUID sweep = reconciler.sweep().orElseThrow();

        assertThat(awaitRun(sweep).path("status").asString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        API.verify(getRequestedFor(urlPathEqualTo(STATUS))
                .withQueryParam("total_amount", equalTo("250.5"))
                .withQueryParam("transaction_uuid", equalTo(order)));
    }

    @Test
    void aReturnForAnotherMerchantsProductHasNoEffect() {
        String order = order(100000);
        status(order, "1000.0", "COMPLETE");

        Answer back =
                browser(EsewaReturns.path(EsewaReturns.json(order, "1000.0", "COMPLETE", "OTHERSHOP", ESEWA_SECRET)));

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(PROBLEM);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count("SELECT count(*) FROM receipts WHERE order_id = ? AND outcome = 'rejected_account'", order))
                .isEqualTo(1);
        API.verify(0, getRequestedFor(urlPathEqualTo(STATUS)).withQueryParam("transaction_uuid", equalTo(order)));
    }

    @Test
    void theFailurePageStillAsksEsewaAndFindsWhatWasPaid() {
        String order = order(100000);
        status(order, "1000", "COMPLETE");

        Answer back = browser("/returns/esewa/failure?order_id=" + order);

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(THANKS);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }

    @Test
    void aPayerSentBackToTheFailurePageWithNothingLandsOnTheMerchantsPage() {
        String marker = UUID.randomUUID().toString();

        Answer bare = browser("/returns/esewa/failure");
        Answer unknown = browser("/returns/esewa/failure?order_id=" + order(100000) + "x&ref=" + marker);
        Answer invalid = browser("/returns/esewa/failure?order_id=%3Cscript%3E");
        Answer forged = browser("/returns/esewa/failure?data=bm90LXNpZ25lZA%3D%3D");

        for (Answer back : new Answer[] {bare, unknown, invalid, forged}) {
            assertThat(back.status()).isEqualTo(302);
            assertThat(back.headers().get("location")).containsExactly(PROBLEM);
        }
        assertThat(count(
                        "SELECT count(*) FROM refused_requests WHERE provider = 'esewa'"
                                + " AND reason = 'failure_page' AND position(? in convert_from(body, 'UTF8')) > 0",
                        marker))
                .isEqualTo(1);
        assertThat(count("SELECT count(*) FROM refused_requests WHERE provider = 'esewa'"
                        + " AND reason <> 'failure_page' AND convert_from(body, 'UTF8') = 'not-signed'"))
                .isPositive();
    }

    @Test
    void theFailurePageOfAnOrderStillPendingLooksItUpOnceAndSendsThePayerOn() {
        String order = order(100000);
        status(order, "1000", "PENDING");

        assertThat(browser("/returns/esewa/failure?order_id=" + order).headers().get("location"))
                .containsExactly(PROBLEM);
        assertThat(browser("/returns/esewa/failure?order_id=" + order).headers().get("location"))
                .containsExactly(PROBLEM);

        assertThat(count("SELECT count(*) FROM reconcile_runs WHERE order_id = ?", order))
                .isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM refused_requests WHERE provider = 'esewa'"
                                + " AND convert_from(body, 'UTF8') = ?",
                        "order_id=" + order))
                .isEqualTo(2);
    }

    @Test
    void aFailurePageHitJustBeforeThePayersSignedReturnHoldsItNotBack() {
        String order = order(100000);
        status(order, "1000", "PENDING");
        assertThat(browser("/returns/esewa/failure?order_id=" + order).headers().get("location"))
                .containsExactly(PROBLEM);
        status(order, "1000.0", "COMPLETE");

        Answer back = browser(EsewaReturns.path(signed(order, "1000.0", "COMPLETE")));

        assertThat(back.headers().get("location")).containsExactly(THANKS);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }

    private String order(long paisa) {
        String order = "ord-" + UUID.randomUUID().toString().substring(0, 13);
        gateway.putOrder(order, paisa, "NPR");
        return order;
    }

    private static String signed(String order, String amount, String status) {
        return EsewaReturns.json(order, amount, status, ESEWA_PRODUCT_CODE, ESEWA_SECRET);
    }

    private static void status(String order, String amount, String status) {
        API.stubFor(get(urlPathEqualTo(STATUS))
                .withQueryParam("transaction_uuid", equalTo(order))
                .willReturn(okJson("{\"product_code\":\"EPAYTEST\",\"transaction_uuid\":\"" + order
                        + "\",\"total_amount\":" + amount + ",\"status\":\"" + status + "\",\"ref_id\":"
                        + ("PENDING".equals(status) ? "null" : "\"0007G36\"") + "}")));
    }

    /** The order as if the payer had been sent to eSewa an hour ago: past the sweep's pending-after. */
    private void registeredLongAgo(String order) {
        jdbc.update("UPDATE orders SET created_at = now() - interval '1 hour' WHERE order_id = ?", order);
    }

    private Answer browser(String path) {
        return gateway.request("GET", path, Map.of());
    }
}
