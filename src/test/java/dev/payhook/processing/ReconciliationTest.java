package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import tools.jackson.databind.JsonNode;

/** docs/DESIGN.md §3.4 per provider: nothing is granted for an order, product, amount or mode Payhook cannot vouch for. */
class ReconciliationTest extends GatewayTest {

    @Autowired
    JmsTemplate jms;

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void discardedDeadLetterKeepsItsEvidenceAndCannotBeReplayed(TestProvider p) {
        String event = unique("evt");
        gateway.deliver(p, event, p.payment(event, unique("pay"), unique("ord"), 700, "USD", Instant.now()));
        String id = awaitDeadLetter(p.id, event).path("id").asString();

        assertThat(gateway.call("DELETE", "/ops/dead-letters/" + id, null).status())
                .isEqualTo(200);
        assertThat(gateway.call("POST", "/ops/dead-letters/" + id + "/replay", null)
                        .status())
                .isEqualTo(409);
        assertThat(deadLetters("discarded"))
                .anyMatch(d -> d.path("id").asString().equals(id));
        JsonNode receipt = gateway.get("/ops/receipts?provider=" + p.id + "&event_id=" + event)
                .json()
                .get(0);
        assertThat(receipt.path("outcome").asString()).isEqualTo("dead_lettered");
        assertThat(gateway.call("DELETE", "/ops/dead-letters/00000000-0000-0000-0000-000000000000", null)
                        .status())
                .isEqualTo(404);
    }

    @ParameterizedTest
    @EnumSource(
            value = TestProvider.class,
            names = {"PADDLE", "DODO"})
    void unknownProductIsDeadLetteredThenAppliedOnceMappedAndReplayed(TestProvider p) {
        String order = unique("ord"), event = unique("evt"), ref = unique("prod");
        gateway.putOrder(order, 2100, "EUR");
        byte[] body = new String(
                        p.payment(event, unique("pay"), order, 2100, "EUR", Instant.now()), StandardCharsets.UTF_8)
                .replace(p.productRef, ref)
                .getBytes(StandardCharsets.UTF_8);
        gateway.deliver(p, event, body);

        JsonNode dead = awaitDeadLetter(p.id, event);
        assertThat(dead.path("reason").asString()).isEqualTo("unknown_product");
        assertThat(gateway.order(order).path("entitlement").path("status").asString())
                .isEqualTo("none");

        assertThat(gateway.call("PUT", "/ops/products/" + p.id + "/" + ref, "{\"sku\":\"book-1\"}")
                        .status())
                .isEqualTo(201);
        assertThat(gateway.call("PUT", "/ops/products/" + p.id + "/" + ref, "{\"sku\":\"book-1\"}")
                        .status())
                .isEqualTo(200);
        gateway.call("POST", "/ops/dead-letters/" + dead.path("id").asString() + "/replay", null);
        assertThat(awaitOrder(order, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void currencyMismatchOpensAReviewAndGrantsNothing(TestProvider p) {
        String order = unique("ord"), event = unique("evt");
        gateway.putOrder(order, 2000, "EUR");
        gateway.deliver(p, event, p.payment(event, unique("pay"), order, 2000, "USD", Instant.now()));

        JsonNode view = awaitReview(order, "currency_mismatch");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("none");
    }

    @ParameterizedTest
    @EnumSource(value = TestProvider.class, names = "STRIPE")
    void liveEventOnATestModeGatewayHasNoEffect(TestProvider p) throws JMSException {
        String order = unique("ord"), event = unique("evt"), payment = unique("pay");
        gateway.putOrder(order, 1200, "USD");
        byte[] live = new String(p.payment(event, payment, order, 1200, "USD", Instant.now()), StandardCharsets.UTF_8)
                .replace("\"livemode\": false", "\"livemode\": true")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(gateway.deliver(p, event, live).status()).isEqualTo(200);

        awaitReceipts(p.id, event, 1);
        JsonNode receipt = gateway.get("/ops/receipts?provider=" + p.id + "&event_id=" + event)
                .json()
                .get(0);
        assertThat(receipt.path("outcome").asString()).isEqualTo("rejected_mode");
        assertThat(receipt.path("reason").asString()).contains("livemode=true");
        assertThat(count("SELECT count(*) FROM payments WHERE provider_payment_id = ?", payment))
                .isZero();
        assertThat(gateway.order(order).path("entitlement").path("status").asString())
                .isEqualTo("none");
        assertThat(received("payhook.alerts", "alert:rejected_mode:" + p.id + ":" + event))
                .isNotNull();
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void disputeSuspendsThenRestoresOrRevokes(TestProvider p) {
        String won = unique("ord"), lost = unique("ord"), payWon = unique("pay"), payLost = unique("pay");
        Instant t = Instant.now().minusSeconds(300);
        for (String[] o : new String[][] {{won, payWon}, {lost, payLost}}) {
            gateway.putOrder(o[0], 5000, "USD");
            String e = unique("evt");
            gateway.deliver(p, e, p.payment(e, o[1], o[0], 5000, "USD", t));
            awaitOrder(o[0], "paid");
            String opened = unique("evt");
            gateway.deliver(
                    p, opened, p.dispute(opened, o[1], TestProvider.Dispute.OPENED, 5000, "USD", t.plusSeconds(60)));
            assertThat(awaitOrder(o[0], "disputed")
                            .path("entitlement")
                            .path("status")
                            .asString())
                    .isEqualTo("suspended");
        }
        String e1 = unique("evt");
        gateway.deliver(p, e1, p.dispute(e1, payWon, TestProvider.Dispute.WON, 5000, "USD", t.plusSeconds(120)));
        assertThat(awaitOrder(won, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
        String e2 = unique("evt");
        gateway.deliver(p, e2, p.dispute(e2, payLost, TestProvider.Dispute.LOST, 5000, "USD", t.plusSeconds(120)));
        assertThat(awaitOrder(lost, "dispute_lost")
                        .path("entitlement")
                        .path("status")
                        .asString())
                .isEqualTo("revoked");
    }

    private JsonNode awaitReview(String order, String kind) {
        await().atMost(DEADLINE).until(() -> {
            for (JsonNode r : gateway.order(order).path("reviews")) {
                if (r.path("kind").asString().equals(kind)
                        && r.path("status").asString().equals("open")) {
                    return true;
                }
            }
            return false;
        });
        return gateway.order(order);
    }

    private Message received(String queue, String key) {
        jms.setReceiveTimeout(DEADLINE.toMillis());
        return jms.receiveSelected(queue, "PayhookKey = '" + key + "'");
    }
}
