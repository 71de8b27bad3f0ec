package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** docs/DESIGN.md §3.4 per provider: nothing is granted for an order, product, amount or mode Payhook cannot vouch for. */
class ReconciliationTest extends GatewayTest {

    @Autowired
    JmsTemplate jms;

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void unknownOrderIsDeadLetteredThenAppliedWhenRegisteredAndReplayed(TestProvider p) throws JMSException {
        String order = unique("ord"), event = unique("evt"), payment = unique("pay");
        assertThat(gateway.deliver(p, event, p.payment(event, payment, order, 1500, "USD", Instant.now()))
                        .status())
                .isEqualTo(200);

        JsonNode dead = awaitDeadLetter(p.id, event);
        assertThat(dead.path("reason").asString()).isEqualTo("unknown_order");
        String id = dead.path("id").asString();
        assertThat(received("payhook.alerts", "alert:unknown_order:" + id)).isNotNull();
        assertThat(count("SELECT count(*) FROM payments WHERE provider = ? AND provider_payment_id = ?", p.id, payment))
                .isZero();
        assertThat(count("SELECT count(*) FROM processed_events WHERE provider = ? AND event_id = ?", p.id, event))
                .as("the event-id lock of a dead-lettered event is not kept")
                .isZero();

        await().atMost(DEADLINE).until(() -> onDlq(id));

        assertThat(gateway.putOrder(order, 1500, "USD").status()).isEqualTo(201);
        assertThat(gateway.call("POST", "/ops/dead-letters/" + id + "/replay", null)
                        .status())
                .isEqualTo(202);
        assertThat(onDlq(id))
                .as("the replayed dead letter's copy left payhook.dlq")
                .isFalse();
        assertThat(awaitOrder(order, "paid").path("entitlement").path("status").asString())
                .isEqualTo("active");
        assertThat(gateway.call("POST", "/ops/dead-letters/" + id + "/replay", null)
                        .status())
                .isEqualTo(409);
        assertThat(deadLetters("open")).noneMatch(d -> d.path("id").asString().equals(id));

        JsonNode receipts = gateway.get("/ops/receipts?provider=" + p.id + "&event_id=" + event)
                .json();
        assertThat(receipts).hasSize(1);
        assertThat(receipts.get(0).path("outcome").asString()).isEqualTo("applied");
        JsonNode evidence = gateway.get(
                        "/ops/receipts/" + receipts.get(0).path("id").asString())
                .json();
        assertThat(evidence.path("ops_actions").get(0).path("action").asString())
                .isEqualTo("replay_dead_letter");
    }

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
    void amountMismatchRecordsThePaymentOpensAReviewAndGrantsNothing(TestProvider p) throws JMSException {
        String order = unique("ord"), event = unique("evt"), payment = unique("pay");
        gateway.putOrder(order, 2000, "USD");
        gateway.deliver(p, event, p.payment(event, payment, order, 1999, "USD", Instant.now()));

        JsonNode view = awaitReview(order, "amount_mismatch");
        assertThat(view.path("status").asString()).isEqualTo("pending");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("none");
        assertThat(view.path("payments")).hasSize(1);
        assertThat(view.path("payments").get(0).path("amount_minor").asLong()).isEqualTo(1999);
        assertThat(received("payhook.alerts", "alert:amount_mismatch:" + p.id + ":" + payment))
                .isNotNull();
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
    @EnumSource(TestProvider.class)
    void secondPaymentOfAPaidOrderIsKeptWithOneEntitlementAReviewAndARefundRequest(TestProvider p) throws JMSException {
        String order = unique("ord"), first = unique("pay"), second = unique("pay");
        gateway.putOrder(order, 3000, "USD");
        String e1 = unique("evt");
        gateway.deliver(
                p, e1, p.payment(e1, first, order, 3000, "USD", Instant.now().minusSeconds(60)));
        awaitOrder(order, "paid");
        String e2 = unique("evt");
        gateway.deliver(p, e2, p.payment(e2, second, order, 3000, "USD", Instant.now()));

        JsonNode view = awaitReview(order, "double_payment");
        assertThat(view.path("status").asString()).isEqualTo("paid");
        assertThat(view.path("payments")).hasSize(2);
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(count("SELECT count(*) FROM entitlements WHERE order_id = ?", order))
                .isEqualTo(1);
        TextMessage request =
                (TextMessage) received("payhook.notifications", "refund.requested:" + p.id + ":" + second);
        assertThat(request).isNotNull();
        JsonNode refund = JsonMapper.builder().build().readTree(request.getText());
        assertThat(refund.path("provider_payment_id").asString()).isEqualTo(second);
        assertThat(refund.path("amount_minor").asLong()).isEqualTo(3000);
        assertThat(refund.path("reason").asString()).isEqualTo("double_payment");

        long review = view.path("reviews").get(0).path("id").asLong();
        assertThat(gateway.get("/ops/reviews").json())
                .anyMatch(r -> r.path("id").asLong() == review);
        Answer resolved =
                gateway.call("POST", "/ops/reviews/" + review + "/resolve", "{\"note\":\"refunded by hand\"}");
        assertThat(resolved.status()).isEqualTo(200);
        assertThat(resolved.json().path("status").asString()).isEqualTo("resolved");
        assertThat(gateway.call("POST", "/ops/reviews/" + review + "/resolve", null)
                        .status())
                .isEqualTo(409);
        assertThat(gateway.get("/ops/reviews").json())
                .noneMatch(r -> r.path("id").asLong() == review);
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

    private boolean onDlq(String deadLetterId) {
        Boolean found = jms.browseSelected(
                "payhook.dlq",
                DeadLetters.ID_HEADER + " = '" + deadLetterId + "'",
                (session, browser) -> browser.getEnumeration().hasMoreElements());
        return Boolean.TRUE.equals(found);
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
