package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.payhook.support.WechatPayApiStubs.signed;
import static dev.payhook.support.WechatPayApiStubs.signedByMerchant;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestKeys;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * WeChat Pay API v3 asked for a transaction, stubbed as WeChat Pay answers: each request signed
 * WECHATPAY2-SHA256-RSA2048 with the merchant key, each answer signed with a platform key.
 */
class WechatPayReconcileTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();

    @Test
    void lostNotificationIsFoundByOutTradeNoOnce() throws Exception {
        String order = unique("ord");
        gateway.putOrder(order, 100, "CNY");
        stubTransaction(order, signed(transaction(order, "SUCCESS"), TestKeys.CURRENT.getPrivate()));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFoundThePayment(run, order);
        LoggedRequest sent =
                API.findAll(getRequestedFor(urlPathEqualTo(path(order)))).get(0);
        assertThat(sent.queryParameter("mchid").firstValue()).isEqualTo(ApiStubs.WECHATPAY_MCHID);
        assertThat(signedByMerchant(sent)).isTrue();

        assertAskedAgainUnchanged(order);
    }

    @Test
    void answerNoPlatformKeySignedChangesNothing() {
        String order = unique("ord");
        gateway.putOrder(order, 100, "CNY");
        stubTransaction(order, signed(transaction(order, "SUCCESS"), TestKeys.FORGER.getPrivate()));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFailedChangingNothing(run, order, "wechatpay", "platform keys");
    }

    @Test
    void serverErrorChangesNothingAndUnknownOrderIsAFinding() {
        String failing = unique("ord");
        gateway.putOrder(failing, 100, "CNY");
        stubTransaction(failing, serverError());
        JsonNode failed = awaitRun(reconcile("{\"order_id\":\"" + failing + "\"}"));
        assertFailedChangingNothing(failed, failing, "HTTP 500");

        String unpaid = unique("ord");
        gateway.putOrder(unpaid, 100, "CNY");
        JsonNode notFound = awaitRun(reconcile("{\"order_id\":\"" + unpaid + "\"}"));
        assertThat(notFound.path("status").asString()).isEqualTo("done");
        assertThat(notFound.path("findings").toString()).contains("not_found");
    }

    private static String path(String order) {
        return "/wechatpay/v3/pay/transactions/out-trade-no/" + order;
    }

    private static void stubTransaction(String order, ResponseDefinitionBuilder answer) {
        API.stubFor(get(urlPathEqualTo(path(order)))
                .withQueryParam("mchid", equalTo(ApiStubs.WECHATPAY_MCHID))
                .willReturn(answer));
    }

    private static String transaction(String order, String state) {
        return "{\"appid\":\"wxd678efh567hg6787\",\"mchid\":\"" + ApiStubs.WECHATPAY_MCHID + "\",\"out_trade_no\":\""
                + order + "\",\"transaction_id\":\"4200" + unique("t") + "\",\"trade_type\":\"NATIVE\","
                + "\"trade_state\":\"" + state + "\",\"trade_state_desc\":\"paid\",\"bank_type\":\"OTHERS\","
                + "\"success_time\":\"" + Instant.now().minusSeconds(300).atOffset(ZoneOffset.ofHours(8)) + "\","
                + "\"payer\":{\"openid\":\"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\"},"
                + "\"amount\":{\"total\":100,\"payer_total\":100,\"currency\":\"CNY\",\"payer_currency\":\"CNY\"}}";
    }
}
