package dev.payhook.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What every provider's reconciliation owes, against its API stubbed in the provider's published
 * format: a payment whose webhook was lost is found by its order and applied once (asked again,
 * unchanged); a refund only the API knows is applied and revokes; an API that refuses changes
 * nothing and the run says why. A provider's test gives the stubs and adds what is its own.
 */
abstract class ReconcileContract extends GatewayTest {

    protected static final WireMockServer API = ApiStubs.server();
    protected static final long AMOUNT = 2900;

    private final TestProvider provider;
    private final String currency;
    private List<StubMapping> stubs = List.of();

    /** The provider, and the currency its orders are in here. */
    protected ReconcileContract(TestProvider provider, String currency) {
        this.provider = provider;
        this.currency = currency;
    }

    /** A payment id of the provider's shape (Stripe's lookups ask by the {@code pi_} prefix). */
    protected String newPaymentId() {
        return unique("pay");
    }

    /** The API as it answers for {@code order}, paid with {@code pay} at {@code at} and not known to the gateway. */
    protected abstract List<StubMapping> stubPaid(String order, String pay, Instant at);

    /** The API as it answers for payment {@code pay} of {@code order}, paid at {@code at}, refunded in full since. */
    protected abstract List<StubMapping> stubRefunded(String order, String pay, Instant at);

    /** The API refusing the lookup of {@code order} with an HTTP 401. */
    protected abstract List<StubMapping> stubRefusing(String order);

    @AfterEach
    void removeStubs() {
        stubs.forEach(API::removeStub);
    }

    @Test
    void aPaymentWhoseWebhookWasLostIsFoundOnce() {
        String order = unique("ord");
        gateway.putOrder(order, AMOUNT, currency);
        stubs = stubPaid(order, newPaymentId(), Instant.now().minusSeconds(900));

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFoundThePayment(run, order);
        assertAskedAgainUnchanged(order);
        assertThat(count(
                        "SELECT count(*) FROM payment_events e JOIN payments p ON p.id = e.payment_id "
                                + "WHERE p.order_id = ?",
                        order))
                .as("one fact of the payment, kept once")
                .isEqualTo(1);
        assertThat(count(
                        "SELECT count(*) FROM outbox WHERE kind = 'payment.succeeded' AND payload->'data'->>'order_id' = ?",
                        order))
                .as("published once")
                .isEqualTo(1);
    }

    @Test
    void aRefundKnownOnlyToTheApiIsApplied() {
        String order = unique("ord");
        String pay = newPaymentId();
        gateway.putOrder(order, AMOUNT, currency);
        Instant at = Instant.now().minusSeconds(900);
        String event = unique("evt");
        gateway.deliver(provider, event, provider.payment(event, pay, order, AMOUNT, currency, at));
        awaitOrder(order, "paid");
        stubs = stubRefunded(order, pay, at);

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode refunded = gateway.order(order);
        assertThat(refunded.path("status").asString()).isEqualTo("refunded");
        assertThat(refunded.path("entitlement").path("status").asString()).isEqualTo("revoked");
    }

    @Test
    void aFailingApiChangesNothing() {
        String order = unique("ord");
        gateway.putOrder(order, AMOUNT, currency);
        stubs = stubRefusing(order);

        JsonNode run = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));

        assertFailedChangingNothing(run, order, provider.id, "HTTP 401");
    }
}
