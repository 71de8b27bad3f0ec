package dev.payhook.provider.stripe;

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
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Gateway;
import dev.payhook.support.SecondAccountsTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * A merchant with two Stripe accounts on one gateway, the second added by configuration alone
 * ({@code payhook.providers.stripe-eu} with {@code scheme: stripe}): each account's webhooks are
 * verified with its own secret, and its payments are looked up and refunded with its own key at
 * its own API; a payment cannot be refunded through the other account.
 */
class TwoStripeAccountsTest extends SecondAccountsTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Test
    void eachAccountsWebhooksAreVerifiedWithItsOwnSecret() {
        String order = unique("ord");
        String pi = unique("pi");
        gateway.putOrder(order, 4200, "EUR");
        byte[] body = STRIPE.payment(unique("evt"), pi, order, 4200, "EUR", Instant.now());

        assertTakenOnlyByItsOwnAccount(order, body, euSigned(body), "stripe-eu", "stripe");
    }

    @Test
    void aPaymentIsRefundedThroughItsOwnAccountOnly() {
        String order = unique("ord");
        String pi = unique("pi");
        payThroughEu(order, pi, 4200);
        String re = unique("re");
        API.stubFor(post(urlPathEqualTo("/stripe-eu/v1/refunds"))
                .withHeader("Authorization", equalTo("Bearer " + STRIPE_EU_KEY))
                .withRequestBody(containing("payment_intent=" + pi))
                .willReturn(okJson(refund(re, pi, 4200, "eur", "succeeded", null, Instant.now()))));

        Gateway.Answer wrong = askRefund("stripe", pi, 4200);
        assertThat(wrong.status()).as(wrong.body()).isEqualTo(404);
        Gateway.Answer asked = askRefund("stripe-eu", pi, 4200);
        assertThat(asked.status()).as(asked.body()).isEqualTo(202);

        await().atMost(DEADLINE).until(() -> gateway.order(order).path("status").asString(), "refunded"::equals);
        assertThat(API.findAll(postRequestedFor(urlPathEqualTo("/stripe-eu/v1/refunds"))
                        .withRequestBody(containing(pi))))
                .hasSize(1);
        assertThat(API.findAll(
                        postRequestedFor(urlPathEqualTo("/stripe/v1/refunds")).withRequestBody(containing(pi))))
                .isEmpty();
    }

    @Test
    void aPaymentIsReconciledWithItsOwnAccountsKey() {
        String order = unique("ord");
        String pi = unique("pi");
        Instant paidAt = payThroughEu(order, pi, 3100);
        API.stubFor(get(urlPathEqualTo("/stripe-eu/v1/payment_intents/" + pi))
                .withHeader("Authorization", equalTo("Bearer " + STRIPE_EU_KEY))
                .willReturn(okJson(intent(pi, order, 3100, "eur", "succeeded", paidAt))));
        API.stubFor(get(urlPathEqualTo("/stripe-eu/v1/refunds"))
                .withQueryParam("payment_intent", equalTo(pi))
                .withHeader("Authorization", equalTo("Bearer " + STRIPE_EU_KEY))
                .willReturn(okJson(list("/v1/refunds", refund(unique("re"), pi, 3100, Instant.now())))));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).as(run.toString()).isEqualTo("done");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("refunded");
        API.verify(getRequestedFor(urlPathEqualTo("/stripe-eu/v1/payment_intents/" + pi)));
        assertThat(API.findAll(getRequestedFor(urlPathEqualTo("/stripe/v1/payment_intents/" + pi))))
                .isEmpty();
    }

    private Instant payThroughEu(String order, String pi, long amount) {
        gateway.putOrder(order, amount, "EUR");
        Instant at = Instant.now().minusSeconds(120);
        byte[] body = STRIPE.payment(unique("evt"), pi, order, amount, "EUR", at);
        assertThat(gateway.post("/webhooks/stripe-eu", "application/json", body, euSigned(body))
                        .status())
                .isEqualTo(200);
        awaitOrder(order, "paid");
        return at;
    }

    private static Map<String, String> euSigned(byte[] body) {
        return STRIPE.sign(STRIPE_EU_SECRET, "evt", Instant.now().getEpochSecond(), body);
    }
}
