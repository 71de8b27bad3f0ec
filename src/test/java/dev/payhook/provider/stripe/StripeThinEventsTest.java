package dev.payhook.provider.stripe;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Fixtures;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.StripeApiStubs;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Stripe's event notifications (thin events): signed like any Stripe webhook, carrying only the
 * type and the related object, which Payhook fetches and reads as the full event would be read.
 */
class StripeThinEventsTest extends GatewayTest {

    private Answer sendThin(String eventId, String type, String objectId, String url) {
        byte[] body = Fixtures.load(
                "stripe/v2.core.event.json",
                Map.of(
                        "event_id", eventId,
                        "type", type,
                        "created", Instant.now().toString(),
                        "object_id", objectId,
                        "object_type", "payment_intent",
                        "url", url));
        TestProvider stripe = TestProvider.STRIPE;
        return gateway.post(
                "/webhooks/stripe",
                "application/json",
                body,
                stripe.sign(stripe.secret, eventId, Instant.now().getEpochSecond(), body));
    }

    @Test
    void aThinPaymentIntentSucceededPaysItsOrderFromTheFetchedIntent() {
        String order = unique("ord"), pi = unique("pi"), event = unique("evt");
        gateway.putOrder(order, 4200, "USD");
        String intent = StripeApiStubs.intent(
                pi, order, 4200, "usd", "succeeded", Instant.now().minusSeconds(30));
        StripeApiStubs.stubPayment(pi, intent);

        assertThat(sendThin(event, "v1.payment_intent.succeeded", pi, "/v1/payment_intents/" + pi)
                        .status())
                .isEqualTo(200);

        JsonNode view = awaitOrder(order, "paid");
        assertThat(view.path("payments").get(0).path("provider_payment_id").asString())
                .isEqualTo(pi);
        awaitReceipts("stripe", event, 1);
        JsonNode receipt = gateway.get("/ops/receipts?provider=stripe&event_id=" + event)
                .json()
                .get(0);
        JsonNode evidence =
                gateway.get("/ops/receipts/" + receipt.path("id").asString()).json();
        assertThat(evidence.path("outcome").asString()).isEqualTo("applied");
        assertThat(evidence.path("fetched_kind").asString()).isEqualTo("related_object");
        assertThat(evidence.path("fetched_body").asString()).isEqualTo(intent);
        assertThat(evidence.path("body").asString()).contains("\"v2.core.event\"");
    }

    @Test
    void aThinEventWhoseObjectStripeDoesNotKnowIsDeadLetteredUnknownObject() {
        String pi = unique("pi"), event = unique("evt");
        StripeApiStubs.stub(
                get(urlPathEqualTo("/stripe/v1/payment_intents/" + pi)),
                aResponse()
                        .withStatus(404)
                        .withHeader("Content-Type", "application/json")
                        .withBody("{\"error\":{\"code\":\"resource_missing\",\"message\":\"No such payment_intent: '"
                                + pi + "'\",\"param\":\"intent\",\"type\":\"invalid_request_error\"}}"));

        assertThat(sendThin(event, "v1.payment_intent.succeeded", pi, "/v1/payment_intents/" + pi)
                        .status())
                .isEqualTo(200);

        assertThat(awaitDeadLetter("stripe", event).path("reason").asString()).isEqualTo("unknown_object");
    }

    @Test
    void aThinEventPointingOutsideStripesApiIsNotFetched() {
        String event = unique("evt");
        String elsewhere = "https://attacker.example.test/v1/payment_intents/pi_x";

        assertThat(sendThin(event, "v1.payment_intent.succeeded", "pi_x", elsewhere)
                        .status())
                .isEqualTo(200);

        JsonNode dead = awaitDeadLetter("stripe", event);
        assertThat(dead.path("reason").asString()).isEqualTo("unparseable");
        assertThat(dead.path("detail").asString()).contains("related_object.url");
        JsonNode receipt = gateway.get("/ops/receipts?provider=stripe&event_id=" + event)
                .json()
                .get(0);
        JsonNode evidence =
                gateway.get("/ops/receipts/" + receipt.path("id").asString()).json();
        assertThat(evidence.path("fetched_kind").isNull()).as("nothing fetched").isTrue();
    }
}
