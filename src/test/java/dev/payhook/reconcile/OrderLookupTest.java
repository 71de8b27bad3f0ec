package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.serverError;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.StripeApiStubs;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A run by order asks the providers at once, each within its own timeout and attempts: one that
 * hangs holds no other back, one that fails does not undo what another said, and an order
 * registered with its provider is asked of that provider alone.
 */
class OrderLookupTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final String DODO_PAYMENTS = "/dodo/payments";

    @Test
    void aProviderThatHangsHoldsNoOtherBackAndOneThatFailsUndoesNothing() {
        String order = unique("ord");
        String pi = unique("pi");
        gateway.putOrder(order, 2500, "EUR");
        StripeApiStubs.paid(order, pi, 2500, "eur");
        API.stubFor(get(urlPathEqualTo("/wechatpay/v3/pay/transactions/out-trade-no/" + order))
                .willReturn(serverError()));
        // Dodo answers after the gateway's http-timeout (1s in tests), on every one of its attempts
        StubMapping hanging = API.stubFor(get(urlPathEqualTo(DODO_PAYMENTS))
                .atPriority(1)
                .willReturn(aResponse().withFixedDelay(3000).withBody("{\"items\":[]}")));
        try {
            UUID id = reconcile("{\"order_id\":\"" + order + "\"}");

            await().atMost(DEADLINE)
                    .until(() ->
                            "paid".equals(gateway.order(order).path("status").asString()));
            assertThat(gateway.get("/ops/reconcile/" + id).json().path("status").asString())
                    .as("Stripe's answer was applied while Dodo was still being asked")
                    .isEqualTo("running");

            JsonNode run = awaitRun(id);
            assertThat(run.path("status").asString()).isEqualTo("failed");
            assertThat(run.path("error").asString()).contains("dodo: ", "wechatpay: ");
            assertThat(run.path("applied").asInt()).isEqualTo(1);
            assertThat(run.path("findings").findValuesAsString("kind")).contains("provider_failed");
            assertThat(gateway.order(order).path("entitlement").path("status").asString())
                    .isEqualTo("active");
        } finally {
            API.removeStub(hanging);
        }
    }

    @Test
    void anOrderRegisteredWithItsProviderIsAskedOfThatProviderAlone() {
        String order = unique("ord");
        String pi = unique("pi");
        assertThat(gateway.putOrder(order, 2500, "EUR", "stripe", null).status())
                .isEqualTo(201);
        StripeApiStubs.paid(order, pi, 2500, "eur");
        int dodoAsked =
                API.findAll(getRequestedFor(urlPathEqualTo(DODO_PAYMENTS))).size();

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
        assertThat(API.findAll(getRequestedFor(urlPathEqualTo(DODO_PAYMENTS)))).hasSize(dodoAsked);
        API.verify(
                0,
                getRequestedFor(urlPathEqualTo("/wechatpay/v3/pay/transactions/out-trade-no/" + order))
                        .withQueryParam("mchid", equalTo(ApiStubs.WECHATPAY_MCHID)));
    }

    @Test
    void anOrdersProviderAndReferenceAreCheckedAndMayBeAddedButNeverChanged() {
        String order = unique("ord");
        String base = "\"amount_minor\":700,\"currency\":\"USD\",\"sku\":\"book-1\",\"customer_id\":\"c-1\"";

        assertThat(put(order, base + ",\"provider\":\"nosuch\"").status()).isEqualTo(400);
        assertThat(put(order, base + ",\"provider_reference\":\"txn_1\"").status())
                .isEqualTo(400);
        assertThat(put(order, base + ",\"provider\":\"paddle\",\"provider_reference\":\"txn\\u00071\"")
                        .status())
                .isEqualTo(400);
        assertThat(put(order, base).status()).isEqualTo(201);
        assertThat(put(order, base + ",\"provider\":\"paddle\"").status()).isEqualTo(200);
        assertThat(put(order, base + ",\"provider\":\"paddle\",\"provider_reference\":\"txn_1\"")
                        .status())
                .isEqualTo(200);
        assertThat(put(order, base).status()).isEqualTo(200);
        assertThat(put(order, base + ",\"provider\":\"stripe\"").status()).isEqualTo(409);
        assertThat(put(order, base + ",\"provider\":\"paddle\",\"provider_reference\":\"txn_2\"")
                        .status())
                .isEqualTo(409);

        JsonNode registered = gateway.order(order);
        assertThat(registered.path("provider").asString()).isEqualTo("paddle");
        assertThat(registered.path("provider_reference").asString()).isEqualTo("txn_1");
    }

    private Answer put(String order, String fields) {
        return gateway.call("PUT", "/api/orders/" + order, "{" + fields + "}");
    }
}
