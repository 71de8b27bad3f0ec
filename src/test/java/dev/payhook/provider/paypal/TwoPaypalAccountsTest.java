package dev.payhook.provider.paypal;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway;
import dev.payhook.support.PaypalKeys;
import dev.payhook.support.SecondAccountsTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Two PayPal apps on one gateway (one per region), the second by configuration alone: each takes
 * the webhooks signed for its own webhook id, and its captures are looked up and refunded with its
 * own client credentials at its own API; a capture cannot be refunded through the other app.
 */
class TwoPaypalAccountsTest extends SecondAccountsTest {

    private static final String EU_TOKEN = "A21AAPayhookEuToken00000000";
    private static final WireMockServer API = ApiStubs.server();

    /** The EU app's own token, for its own client credentials only. */
    @BeforeAll
    static void euToken() {
        API.stubFor(post(urlPathEqualTo("/paypal-eu/v1/oauth2/token"))
                .withBasicAuth(PAYPAL_EU_CLIENT, PAYPAL_EU_SECRET)
                .willReturn(okJson("{\"access_token\":\"" + EU_TOKEN + "\",\"token_type\":\"Bearer\","
                        + "\"app_id\":\"APP-EU\",\"expires_in\":32400,\"nonce\":\"n\"}")));
    }

    @Test
    void eachAppsWebhooksAreVerifiedForItsOwnWebhookId() {
        String order = unique("ord");
        gateway.putOrder(order, 1250, "USD");
        String event = "WH-" + unique("eu");
        byte[] body = PaypalReconcileTest.capture(event, order, unique("CAP"), 1250, Instant.now(), "COMPLETED");

        assertTakenOnlyByItsOwnAccount(order, body, euSigned(body), "paypal-eu", "paypal");
    }

    @Test
    void aCaptureIsLookedUpAndRefundedThroughItsOwnAppOnly() {
        String order = unique("ord");
        String capture = unique("CAP");
        Instant at = pendingThroughEu(order, capture);
        API.stubFor(get(urlPathEqualTo("/paypal-eu/v2/payments/captures/" + capture))
                .withHeader("Authorization", equalTo("Bearer " + EU_TOKEN))
                .willReturn(okJson(PaypalReconcileTest.completed(order, capture, 1250, at.plusSeconds(60)))));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).as(run.toString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        assertThat(API.findAll(getRequestedFor(urlPathEqualTo("/paypal/v2/payments/captures/" + capture))))
                .isEmpty();

        API.stubFor(post(urlPathEqualTo("/paypal-eu/v2/payments/captures/" + capture + "/refund"))
                .withHeader("Authorization", equalTo("Bearer " + EU_TOKEN))
                .willReturn(okJson(PaypalRefundTest.answer(unique("RF"), capture, Instant.now()))
                        .withTransformers("response-template")));
        assertThat(askRefund("paypal", capture, 1250).status()).isEqualTo(404);
        Gateway.Answer asked = askRefund("paypal-eu", capture, 1250);
        assertThat(asked.status()).as(asked.body()).isEqualTo(202);

        await().atMost(DEADLINE).until(() -> gateway.order(order).path("status").asString(), "refunded"::equals);
        assertThat(API.findAll(postRequestedFor(urlPathMatching("/paypal/v2/payments/captures/.*/refund"))
                        .withHeader("Authorization", equalTo("Bearer " + EU_TOKEN))))
                .isEmpty();
    }

    /** A capture of {@code order} pending, taken by the EU app; when PayPal captured it. */
    private Instant pendingThroughEu(String order, String capture) {
        gateway.putOrder(order, 1250, "USD");
        Instant at = Instant.now().minusSeconds(600).truncatedTo(ChronoUnit.SECONDS);
        byte[] body = PaypalReconcileTest.capture("WH-" + unique("pending"), order, capture, 1250, at, "PENDING");
        assertThat(gateway.post("/webhooks/paypal-eu", "application/json", body, euSigned(body))
                        .status())
                .isEqualTo(200);
        await().atMost(DEADLINE)
                .until(() -> gateway.order(order).path("payments").size() == 1);
        return at;
    }

    private static Map<String, String> euSigned(byte[] body) {
        return PaypalScenariosTest.headers(
                body, PaypalKeys.key("current"), PAYPAL_EU_WEBHOOK, Instant.now(), PaypalScenariosTest.CERT_URL);
    }
}
