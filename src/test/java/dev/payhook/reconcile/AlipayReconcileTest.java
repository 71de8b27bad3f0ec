package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.AlipayApiStubs;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestKeys;
import java.security.PrivateKey;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Alipay asked through its gateway, stubbed as Alipay answers: requests signed RSA2 with the app's
 * key, answers signed by Alipay over the response object's exact text; errors in-band.
 */
class AlipayReconcileTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final DateTimeFormatter BEIJING =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.of("Asia/Shanghai"));

    @Test
    void lostNotificationIsFoundByOutTradeNoOnce() throws Exception {
        String order = unique("ord");
        String trade = "2026" + unique("t");
        gateway.putOrder(order, 8800, "CNY");
        stubTrade(order, trade, "TRADE_SUCCESS", "88.00", TestKeys.CURRENT.getPrivate());
        stubRefund(order, null, TestKeys.CURRENT.getPrivate());

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFoundThePayment(run, order);
        // each request Payhook sent is signed RSA2 with the app's private key, as Alipay checks it
        List<LoggedRequest> sent = API.findAll(
                postRequestedFor(urlPathEqualTo("/alipay/gateway.do")).withRequestBody(containing(order)));
        assertThat(sent).hasSize(2);
        for (LoggedRequest request : sent) {
            Map<String, String> form = AlipayApiStubs.form(request.getBodyAsString());
            assertThat(form).containsEntry("app_id", ApiStubs.ALIPAY_APP_ID).containsEntry("sign_type", "RSA2");
            assertThat(AlipayApiStubs.signedByMerchant(form)).isTrue();
        }

        assertAskedAgainUnchanged(order);
    }

    @Test
    void refundKnownOnlyToTheApiIsApplied() {
        String order = unique("ord");
        String trade = "2026" + unique("t");
        gateway.putOrder(order, 8800, "CNY");
        stubTrade(order, trade, "TRADE_SUCCESS", "88.00", TestKeys.CURRENT.getPrivate());
        stubRefund(order, null, TestKeys.CURRENT.getPrivate());
        awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));
        awaitOrder(order, "paid");
        stubRefund(order, "20.00", TestKeys.CURRENT.getPrivate());

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode refunded = gateway.order(order);
        assertThat(refunded.path("status").asString()).isEqualTo("partially_refunded");
        assertThat(refunded.path("payments").get(0).path("refunded_minor").asLong())
                .isEqualTo(2000);
    }

    @Test
    void answerAlipayDidNotSignChangesNothing() {
        String order = unique("ord");
        gateway.putOrder(order, 8800, "CNY");
        stubTrade(order, "2026" + unique("t"), "TRADE_SUCCESS", "88.00", TestKeys.FORGER.getPrivate());
        stubRefund(order, null, TestKeys.CURRENT.getPrivate());

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFailedChangingNothing(run, order, "alipay.trade.query", "signature");
    }

    @Test
    void tradeAlipayDoesNotKnowIsAFinding() {
        String order = unique("ord");
        gateway.putOrder(order, 8800, "CNY");

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("checked").asInt()).isZero();
        assertThat(run.path("findings").toString()).contains("not_found").contains(order);
    }

    private static void stubTrade(String order, String trade, String status, String total, PrivateKey signer) {
        String response = "{\"code\":\"10000\",\"msg\":\"Success\",\"buyer_logon_id\":\"buy***@example.test\","
                + "\"buyer_pay_amount\":\"" + total + "\",\"out_trade_no\":\"" + order + "\",\"send_pay_date\":\""
                + BEIJING.format(Instant.now().minusSeconds(600)) + "\",\"total_amount\":\"" + total
                + "\",\"trade_no\":\"" + trade + "\",\"trade_status\":\"" + status + "\"}";
        stub("alipay.trade.query", order, "alipay_trade_query_response", response, signer);
    }

    private static void stubRefund(String order, String refunded, PrivateKey signer) {
        String response = refunded == null
                ? "{\"code\":\"10000\",\"msg\":\"Success\"}"
                : "{\"code\":\"10000\",\"msg\":\"Success\",\"out_request_no\":\"" + order + "\",\"out_trade_no\":\""
                        + order + "\",\"refund_amount\":\"" + refunded + "\",\"refund_status\":\"REFUND_SUCCESS\","
                        + "\"gmt_refund_pay\":\"" + BEIJING.format(Instant.now().minusSeconds(60)) + "\"}";
        stub(
                "alipay.trade.fastpay.refund.query",
                order,
                "alipay_trade_fastpay_refund_query_response",
                response,
                signer);
    }

    /** Alipay's answer: the response object as text, and its signature over exactly that text. */
    private static void stub(String method, String order, String node, String response, PrivateKey signer) {
        API.stubFor(post(urlPathEqualTo("/alipay/gateway.do"))
                .withFormParam("method", equalTo(method))
                .withFormParam("biz_content", containing(order))
                .willReturn(okJson(AlipayApiStubs.signed(node, response, signer))));
    }
}
