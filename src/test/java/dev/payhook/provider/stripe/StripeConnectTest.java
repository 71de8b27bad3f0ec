package dev.payhook.provider.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.absent;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static dev.payhook.support.StripeApiStubs.intent;
import static dev.payhook.support.StripeApiStubs.list;
import static dev.payhook.support.StripeApiStubs.refund;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.matching.StringValuePattern;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A Stripe Connect platform: an event of a connected account names it ({@code account}), and every
 * call about that payment, a lookup or a refund, tells Stripe the account with {@code Stripe-Account}
 * and the platform's key; a payment of the platform's own is asked about without it.
 */
class StripeConnectTest extends GatewayTest {

    /** The connected account GatewayTest configures as ours. */
    private static final String CONNECTED = "acct_T3stConnected";

    private static final WireMockServer API = ApiStubs.server();
    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Test
    void aConnectedAccountsPaymentIsRefundedOnItsAccount() {
        String order = unique("ord");
        String pi = unique("pi");
        pay(order, pi, CONNECTED);
        API.stubFor(post(urlPathEqualTo("/stripe/v1/refunds"))
                .withHeader("Stripe-Account", equalTo(CONNECTED))
                .withRequestBody(containing("payment_intent=" + pi))
                .willReturn(okJson(refund(unique("re"), pi, 1800, "usd", "succeeded", null, Instant.now()))));

        Gateway.Answer asked = askRefund("stripe", pi, 1800);
        assertThat(asked.status()).as(asked.body()).isEqualTo(202);

        await().atMost(DEADLINE).until(() -> gateway.order(order).path("status").asString(), "refunded"::equals);
        List<LoggedRequest> calls = API.findAll(
                postRequestedFor(urlPathEqualTo("/stripe/v1/refunds")).withRequestBody(containing(pi)));
        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).getHeader("Stripe-Account")).isEqualTo(CONNECTED);
        assertThat(calls.get(0).getHeader("Authorization")).isEqualTo("Bearer " + ApiStubs.STRIPE_KEY);
    }

    @Test
    void aConnectedAccountsPaymentIsLookedUpOnItsAccount() {
        String order = unique("ord");
        String pi = unique("pi");
        Instant paidAt = pay(order, pi, CONNECTED);
        stubAsked(equalTo(CONNECTED), pi, order, paidAt, refund(unique("re"), pi, 1800, Instant.now()));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).as(run.toString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("refunded");
        API.verify(getRequestedFor(urlPathEqualTo("/stripe/v1/payment_intents/" + pi))
                .withHeader("Stripe-Account", equalTo(CONNECTED)));
    }

    @Test
    void aPaymentOfThePlatformsOwnIsAskedAboutWithoutAnAccount() {
        String order = unique("ord");
        String pi = unique("pi");
        Instant paidAt = pay(order, pi, null);
        stubAsked(absent(), pi, order, paidAt);

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).as(run.toString()).isEqualTo("done");
        API.verify(getRequestedFor(urlPathEqualTo("/stripe/v1/payment_intents/" + pi))
                .withHeader("Stripe-Account", absent()));
    }

    /** The PaymentIntent, paid at {@code paidAt}, and its {@code refunds}, asked with a Stripe-Account as {@code account}. */
    private static void stubAsked(
            StringValuePattern account, String pi, String order, Instant paidAt, String... refunds) {
        API.stubFor(get(urlPathEqualTo("/stripe/v1/payment_intents/" + pi))
                .withHeader("Stripe-Account", account)
                .willReturn(okJson(intent(pi, order, 1800, "usd", "succeeded", paidAt))));
        API.stubFor(get(urlPathEqualTo("/stripe/v1/refunds"))
                .withQueryParam("payment_intent", equalTo(pi))
                .withHeader("Stripe-Account", account)
                .willReturn(okJson(list("/v1/refunds", refunds))));
    }

    /** A payment_intent.succeeded of {@code account} (the platform's own when null), applied. */
    private Instant pay(String order, String pi, String account) {
        gateway.putOrder(order, 1800, "USD");
        Instant at = Instant.now().minusSeconds(120);
        String event = unique("evt");
        String json = new String(STRIPE.payment(event, pi, order, 1800, "USD", at), StandardCharsets.UTF_8);
        byte[] body = (account == null ? json : json.replaceFirst("\\{", "{\"account\":\"" + account + "\","))
                .getBytes(StandardCharsets.UTF_8);
        assertThat(gateway.deliver(STRIPE, event, body).status()).isEqualTo(200);
        awaitOrder(order, "paid");
        return at;
    }
}
