package dev.payhook.provider.imepay;

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
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.reconcile.Reconciler;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * IME Pay has no webhook and signs nothing: the payer's browser comes back with the result, and
 * only IME Pay's Confirm and Recheck answers, stubbed in IME Pay's format, say the order was paid.
 */
class ImepayReturnTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final String CONFIRM = "/imepay/api/Web/Confirm";
    private static final String RECHECK = "/imepay/api/Web/Recheck";
    private static final String THANKS = "https://shop.example.test/imepay/thanks";
    private static final String PROBLEM = "https://shop.example.test/imepay/problem";
    /** Where a payer waits whose payment IME Pay has not decided yet (return.pending-url). */
    private static final String CHECKING = "https://shop.example.test/imepay/checking";

    @Autowired
    Reconciler reconciler;

    @Test
    void aReturnIMEPayConfirmsPaysTheOrder() {
        String order = order(150000);
        String token = token();
        answer(CONFIRM, order, token, 0, "Success");

        Answer back = browser(path("0|Success|9841000000|TXN" + token + "|" + order + "|1500.0000|" + token));

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(THANKS);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        assertThat(gateway.order(order)
                        .path("payments")
                        .get(0)
                        .path("provider_payment_id")
                        .asString())
                .isEqualTo(token);
        String basic = Base64.getEncoder()
                .encodeToString(
                        (ApiStubs.IMEPAY_USER + ":" + ApiStubs.IMEPAY_PASSWORD).getBytes(StandardCharsets.UTF_8));
        API.verify(postRequestedFor(urlPathEqualTo(CONFIRM))
                .withHeader("Authorization", equalTo("Basic " + basic))
                .withHeader(
                        "Module",
                        equalTo(Base64.getEncoder()
                                .encodeToString(ApiStubs.IMEPAY_MODULE.getBytes(StandardCharsets.UTF_8))))
                .withRequestBody(equalToJson("{\"MerchantCode\":\"" + ApiStubs.IMEPAY_MERCHANT_CODE + "\",\"RefId\":\""
                        + order + "\",\"TokenId\":\"" + token + "\",\"TransactionId\":\"TXN" + token
                        + "\",\"Msisdn\":\"9841000000\"}")));
    }

    @Test
    void aReturnIMEPayCannotSettleYetLeavesTheOrderPending() {
        String order = order(150000);
        String token = token();
        answer(RECHECK, order, token, 2, "Transaction status unknown");

        Answer back = browser(path("2|Unknown|9841000000|TXN" + token + "|" + order + "|1500.0000|" + token));

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly(CHECKING);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(gateway.order(order).path("entitlement").path("status").asString())
                .isEqualTo("none");
    }

    @Test
    void aTamperedReturnIsRefusedKeptAndNeverAskedAbout() {
        String order = order(150000);
        String token = token();

        Answer sixFields = browser(path("0|Success|TXN" + token + "|" + order + "|1500.0000|" + token));
        Answer noAmount = browser(path("0|Success|9841000000|TXN" + token + "|" + order + "|lots|" + token));
        Answer notBase64 = browser("/returns/imepay?data=%25%25%25");
        Answer overflow = browser(path("0|Success|9841000000|TXN" + token + "|" + order + "|1e309|" + token));

        assertThat(sixFields.status()).isEqualTo(400);
        assertThat(sixFields.json().path("error").asString()).isEqualTo("malformed_return");
        assertThat(noAmount.status()).isEqualTo(400);
        assertThat(notBase64.status()).isEqualTo(400);
        assertThat(overflow.status()).isEqualTo(400);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count(
                        "SELECT count(*) FROM refused_requests WHERE provider = 'imepay'"
                                + " AND position(? in convert_from(body, 'UTF8')) > 0",
                        token))
                .isEqualTo(3);
        API.verify(
                0,
                postRequestedFor(urlPathEqualTo(CONFIRM))
                        .withRequestBody(matchingJsonPath("$.TokenId", equalTo(token))));
        API.verify(
                0,
                postRequestedFor(urlPathEqualTo(RECHECK))
                        .withRequestBody(matchingJsonPath("$.TokenId", equalTo(token))));
    }

    @Test
    void anAmountChangedOnTheWayBackNeverPaysTheOrder() {
        String order = order(150000);
        String token = token();
        answer(CONFIRM, order, token, 0, "Success");

        Answer back = browser(path("0|Success|9841000000|TXN" + token + "|" + order + "|15.0000|" + token));

        assertThat(back.headers().get("location")).containsExactly(CHECKING);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(gateway.order(order).path("reviews").get(0).path("kind").asString())
                .isEqualTo("amount_mismatch");
    }

    @Test
    void whenTheApiIsDownNothingChangesAndTheSweepAsksAgain() {
        String order = order(150000);
        String token = token();
        StubMapping down = API.stubFor(post(urlPathEqualTo(CONFIRM))
                .withRequestBody(matchingJsonPath("$.TokenId", equalTo(token)))
                .willReturn(serverError()));

        Answer back = browser(path("0|Success|9841000000|TXN" + token + "|" + order + "|1500.0000|" + token));

        assertThat(back.headers().get("location")).containsExactly(CHECKING);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");

        API.removeStub(down);
        answer(RECHECK, order, token, 0, "Success");
        jdbc.update("UPDATE orders SET created_at = now() - interval '1 hour' WHERE order_id = ?", order);
        UUID sweep = reconciler.sweep().orElseThrow();

        assertThat(awaitRun(sweep).path("status").asString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }

    @Test
    void aCanceledPaymentSentToTheFailurePageIsAskedAboutAndLandsThere() {
        String order = order(150000);
        String token = token();
        answer(RECHECK, order, token, 3, "Cancelled by user");

        Answer canceled = browser(path("3|Cancelled|9841000000|TXN" + token + "|" + order + "|1500.0000|" + token)
                .replace("/returns/imepay?", "/returns/imepay/failure?"));
        Answer malformed = browser("/returns/imepay/failure?data=%25%25%25");
        Answer bare = browser("/returns/imepay/failure");

        for (Answer back : new Answer[] {canceled, malformed, bare}) {
            assertThat(back.status()).isEqualTo(302);
            assertThat(back.headers().get("location")).containsExactly(PROBLEM);
        }
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("canceled");
        API.verify(postRequestedFor(urlPathEqualTo(RECHECK))
                .withRequestBody(matchingJsonPath("$.TokenId", equalTo(token))));
    }

    @Test
    void aForgedReturnJustBeforeThePayersRealOneHoldsNothingBack() {
        String order = order(150000);
        String forged = token();
        String real = token();
        answer(RECHECK, order, forged, 1, "Failed");
        answer(CONFIRM, order, real, 0, "Success");

        browser(path("1|Failed|9800000000|TXN" + forged + "|" + order + "|1500.0000|" + forged));
        Answer back = browser(path("0|Success|9841000000|TXN" + real + "|" + order + "|1500.0000|" + real));
        Answer reload = browser(path("0|Success|9841000000|TXN" + real + "|" + order + "|1500.0000|" + real));

        assertThat(back.headers().get("location")).containsExactly(THANKS);
        assertThat(reload.headers().get("location")).containsExactly(THANKS);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        // a reload of a paid order is answered at once; its return is kept by the run it starts, a moment later
        for (String token : new String[] {forged, real}) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(count(
                                    "SELECT count(*) FROM receipts WHERE provider = 'imepay' AND source = 'return'"
                                            + " AND position(? in convert_from(body, 'UTF8')) > 0",
                                    token))
                            .as("every return kept, " + token)
                            .isEqualTo(token.equals(real) ? 2 : 1));
        }
        API.verify(
                1,
                postRequestedFor(urlPathEqualTo(CONFIRM))
                        .withRequestBody(matchingJsonPath("$.TokenId", equalTo(real))));
    }

    private String order(long paisa) {
        String order = unique("ord");
        gateway.putOrder(order, paisa, "NPR");
        return order;
    }

    private static String token() {
        return "2026" + Long.toString(Math.floorMod(UUID.randomUUID().getMostSignificantBits(), 1_000_000_000_000L));
    }

    private static void answer(String path, String order, String token, int code, String description) {
        API.stubFor(post(urlPathEqualTo(path))
                .withRequestBody(matchingJsonPath("$.TokenId", equalTo(token)))
                .willReturn(okJson("{\"ResponseCode\":" + code + ",\"ResponseDescription\":\"" + description
                        + "\",\"Msisdn\":\"9841000000\",\"TransactionId\":\"TXN" + token + "\",\"RefId\":\"" + order
                        + "\",\"TokenId\":\"" + token + "\"}")));
    }

    private static String path(String fields) {
        String data = Base64.getEncoder().encodeToString(fields.getBytes(StandardCharsets.UTF_8));
        return "/returns/imepay?data=" + URLEncoder.encode(data, StandardCharsets.UTF_8);
    }

    private Answer browser(String path) {
        return gateway.request("GET", path, Map.of());
    }
}
