package dev.payhook.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.reconcile.Reconciler;
import dev.payhook.support.Gateway.Answer;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The subscription contract every subscription provider passes (docs/DESIGN.md §8), end to end over
 * HTTP in the provider's own format: created grants; renewals are the subscription's payments, never
 * the sign-up order's; a failed renewal is past due, entitled for the grace, then suspended; a
 * cancellation at the end of the period revokes then; a late update never revives a canceled
 * subscription; one for an unregistered order waits as a dead letter; duplicates and concurrent
 * deliveries apply once. A subclass says how its provider
 * writes these events.
 */
public abstract class SubscriptionScenarios extends GatewayTest {

    /** What a subscription event says. */
    protected enum Change {
        /** Active, the period ending at {@code periodEnd}. */
        CREATED,
        UPDATED,
        /** The provider's own status for a renewal that could not be collected. */
        PAST_DUE,
        /** To end with the period at {@code periodEnd} (still active, or canceled with access until then). */
        CANCEL_AT_PERIOD_END,
        /** Ended at once, at {@code at}. */
        CANCELED
    }

    /** A subscription of {@code price} minor units a period, signed up for by {@code order}. */
    protected record Sub(String id, String order, long price) {}

    private static final Duration GRACE = Duration.ofDays(7);

    @Autowired
    private ConnectionFactory connectionFactory;

    @Autowired
    private Reconciler reconciler;

    protected abstract TestProvider testProvider();

    protected String provider() {
        return testProvider().id;
    }

    /** The notification signed as the provider signs it, posted to its webhook. */
    protected Answer deliver(String eventId, byte[] body) {
        return gateway.deliver(testProvider(), eventId, body);
    }

    /** Whether a renewal says what it billed before tax and its subscription its price, so the two are compared. */
    protected boolean billsAPrice() {
        return true;
    }

    protected abstract byte[] subscription(String eventId, Change change, Sub s, Instant at, Instant periodEnd);

    /** A payment of the subscription, paid or failed: {@code amount} charged, {@code preTax} of it before tax. */
    protected abstract byte[] renewal(
            String eventId, Sub s, String payment, long amount, long preTax, boolean paid, Instant at);

    /** Stubs the provider's subscription API answering, for {@code s}, what {@code webhook} says of it. */
    protected abstract void stubLookup(Sub s, byte[] webhook);

    /**
     * Canceled at the provider to end with its period, and the webhooks lost: the daily run asks the
     * provider about the subscription, and the entitlement ends at the period end, not before;
     * asked again, the same answer changes nothing.
     */
    @Test
    void aCancellationWhoseWebhooksAreLostIsFoundByTheDailyRunAndEndsTheEntitlementAtThePeriodEnd() {
        Sub s = signUp(1500, 1500);
        Instant now = seconds(Instant.now());
        Instant periodEnd = now.plusSeconds(8);
        sendSubscription(Change.CREATED, s, now, periodEnd);
        awaitEntitlement(s.order(), "active");

        stubLookup(s, subscription(unique("evt"), Change.CANCEL_AT_PERIOD_END, s, now.plusSeconds(1), periodEnd));
        awaitRun(reconciler.daily());
        assertThat(Instant.parse(gateway.order(s.order())
                        .path("subscription")
                        .path("cancel_at")
                        .asString()))
                .isEqualTo(periodEnd);
        assertThat(gateway.order(s.order()).path("entitlement").path("status").asString())
                .as("until the period it paid for ends")
                .isEqualTo("active");
        String events = "SELECT count(*) FROM subscription_events e JOIN subscriptions s ON s.id = e.subscription_id"
                + " WHERE s.provider = ? AND s.provider_subscription_id = ?";
        int applied = count(events, provider(), s.id());

        awaitEntitlement(s.order(), "revoked");
        assertThat(Instant.now()).isAfterOrEqualTo(periodEnd);
        awaitRun(reconciler.daily());
        assertThat(count(events, provider(), s.id()))
                .as("the same answer again is a duplicate")
                .isEqualTo(applied);
    }

    /**
     * A subscription the provider no longer knows (deleted there; its API answers 404) is a finding
     * naming it, not a failed run, and changes nothing here.
     */
    @Test
    void aSubscriptionTheProviderDoesNotKnowIsAFindingAndChangesNothing() {
        Sub s = signUp(1500, 1500);
        Instant now = seconds(Instant.now());
        sendSubscription(Change.CREATED, s, now, now.plus(Duration.ofDays(30)));
        awaitEntitlement(s.order(), "active");

        UUID run = reconciler.daily(); // nothing stubs this subscription: the API answers 404
        awaitRun(run);
        assertThat(count(
                        "SELECT count(*) FROM reconcile_findings WHERE run_id = ? AND kind = 'not_found'"
                                + " AND order_id = ? AND detail LIKE ?",
                        run,
                        s.order(),
                        "%" + s.id() + "%"))
                .isEqualTo(1);
        assertThat(gateway.order(s.order()).path("entitlement").path("status").asString())
                .isEqualTo("active");
    }

    private String send(byte[] body, String eventId) {
        Answer answer = deliver(eventId, body);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return eventId;
    }

    private String sendSubscription(Change change, Sub s, Instant at, Instant periodEnd) {
        String event = unique("evt");
        return send(subscription(event, change, s, at, periodEnd), event);
    }

    private String sendRenewal(Sub s, String payment, long amount, long preTax, boolean paid, Instant at) {
        String event = unique("evt");
        return send(renewal(event, s, payment, amount, preTax, paid, at), event);
    }

    private Sub signUp(long orderAmount, long price) {
        String order = unique("ord");
        gateway.putOrder(order, orderAmount, "USD");
        return new Sub(unique("sub"), order, price);
    }

    private JsonNode awaitSubscription(String order, String status) {
        await().atMost(DEADLINE)
                .until(() -> status.equals(
                        gateway.order(order).path("subscription").path("status").asString()));
        return gateway.order(order);
    }

    private void awaitEntitlement(String order, String status) {
        await().atMost(DEADLINE)
                .until(() -> status.equals(
                        gateway.order(order).path("entitlement").path("status").asString()));
    }

    private String outcome(String eventId) {
        awaitReceipts(provider(), eventId, 1);
        return jdbc.queryForObject(
                "SELECT outcome FROM receipts WHERE provider = ? AND event_id = ?", String.class, provider(), eventId);
    }

    private static Instant seconds(Instant t) {
        return t.truncatedTo(ChronoUnit.SECONDS);
    }

    @Test
    void aNewSubscriptionGrantsItsSignUpOrderAndIsPublished() throws Exception {
        Sub s = signUp(1000, 1000);
        Instant now = seconds(Instant.now());
        Instant periodEnd = now.plus(Duration.ofDays(30));
        String event = unique("evt");
        try (Connection connection = connectionFactory.createConnection();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer subscriber = session.createConsumer(
                        session.createTopic("payhook.events"),
                        "PayhookKey = 'event:" + provider() + ":" + event + "'")) {
            connection.start();
            send(subscription(event, Change.CREATED, s, now.minusSeconds(60), periodEnd), event);
            TextMessage published = (TextMessage) subscriber.receive(DEADLINE.toMillis());
            assertThat(published).as("the subscription event on payhook.events").isNotNull();
            JsonNode message = JsonMapper.builder().build().readTree(published.getText());
            assertThat(message.path("type").asString()).isEqualTo("subscription.activated");
            assertThat(message.path("data").path("provider_subscription_id").asString())
                    .isEqualTo(s.id());
            assertThat(message.path("data").path("subscription_status").asString())
                    .isEqualTo("active");
            assertThat(message.path("data").path("order_id").asString()).isEqualTo(s.order());
        }
        JsonNode view = awaitSubscription(s.order(), "active");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        JsonNode shown = view.path("subscription");
        assertThat(shown.path("provider").asString()).isEqualTo(provider());
        assertThat(shown.path("provider_subscription_id").asString()).isEqualTo(s.id());
        assertThat(Instant.parse(shown.path("current_period_end").asString())).isEqualTo(periodEnd);
    }

    @Test
    void renewalsArePaymentsOfTheSubscriptionNeverComparedWithTheSignUpOrder() {
        // a discounted first period: the order is for 500, every renewal bills the price of 1000 plus tax
        Sub s = signUp(500, 1000);
        Instant now = seconds(Instant.now());
        String first = unique("pay");
        String early = sendRenewal(s, first, 1200, 1000, true, now.minusSeconds(50));
        assertThat(outcome(early))
                .as("a renewal before its subscription is held, not dead-lettered")
                .isEqualTo("applied");
        sendSubscription(Change.CREATED, s, now.minusSeconds(60), now.plus(Duration.ofDays(30)));
        awaitSubscription(s.order(), "active");
        String second = unique("pay");
        outcome(sendRenewal(s, second, 1200, 1000, true, now.minusSeconds(40)));
        JsonNode view = awaitOrder(s.order(), "paid");
        assertThat(view.path("payments").findValuesAsString("provider_payment_id"))
                .containsExactlyInAnyOrder(first, second);
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(view.path("reviews"))
                .as("no amount mismatch, no double payment")
                .isEmpty();
        assertThat(count("SELECT count(*) FROM dead_letters WHERE provider = ? AND event_id = ?", provider(), early))
                .isZero();

        if (!billsAPrice()) {
            return;
        }
        outcome(sendRenewal(s, unique("pay"), 1080, 900, true, now.minusSeconds(30)));
        JsonNode reviewed = gateway.order(s.order());
        assertThat(reviewed.path("reviews").findValuesAsString("kind")).containsExactly("amount_mismatch");
        assertThat(reviewed.path("entitlement").path("status").asString()).isEqualTo("active");
    }

    @Test
    void aFailedRenewalIsPastDueEntitledWithinTheGraceAndSuspendedAfter() throws Exception {
        Instant now = seconds(Instant.now());
        Sub recent = signUp(1000, 1000);
        sendSubscription(Change.CREATED, recent, now.minus(Duration.ofDays(20)), now.plus(Duration.ofDays(10)));
        pastDue(recent, now.minus(Duration.ofDays(1)), now.plus(Duration.ofDays(10)));
        JsonNode view = awaitSubscription(recent.order(), "past_due");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");

        Sub lapsing = signUp(1000, 1000);
        sendSubscription(Change.CREATED, lapsing, now.minus(Duration.ofDays(20)), now.plus(Duration.ofDays(10)));
        pastDue(lapsing, now.minus(GRACE).plusSeconds(5), now.plus(Duration.ofDays(10)));
        awaitSubscription(lapsing.order(), "past_due");
        awaitEntitlement(lapsing.order(), "suspended");
        List<JsonNode> told = MerchantQueue.take(
                connectionFactory,
                MerchantQueue.ofOrder(lapsing.order()),
                m -> m.path("type").asString().equals("entitlement.suspended"),
                1,
                DEADLINE);
        assertThat(told).as("the merchant is told when the grace ends").hasSize(1);
        assertThat(told.get(0).path("data").path("cause").path("job").asString())
                .isEqualTo("entitlement-expiry");
        assertThat(told.get(0).path("data").path("version").asLong())
                .isEqualTo(gateway.order(lapsing.order()).path("version").asLong());
        assertThat(gateway.order(recent.order())
                        .path("entitlement")
                        .path("status")
                        .asString())
                .isEqualTo("active");
    }

    /** The failed payment of the renewal, then the provider's own word that the subscription is past due. */
    private void pastDue(Sub s, Instant at, Instant periodEnd) {
        outcome(sendRenewal(s, unique("pay"), 1200, 1000, false, at));
        outcome(sendSubscription(Change.PAST_DUE, s, at.plusSeconds(1), periodEnd));
    }

    @Test
    void aCancellationAtThePeriodEndKeepsTheEntitlementUntilThenAndRevokesAfter() {
        Sub s = signUp(1000, 1000);
        Instant now = seconds(Instant.now());
        // two webhooks and a read before the period ends: seconds, not minutes
        Instant periodEnd = now.plusSeconds(5);
        sendSubscription(Change.CREATED, s, now.minusSeconds(60), periodEnd);
        outcome(sendSubscription(Change.CANCEL_AT_PERIOD_END, s, now.minusSeconds(30), periodEnd));
        JsonNode view = gateway.order(s.order());
        assertThat(view.path("subscription").path("cancel_at").asString()).isNotEmpty();
        assertThat(view.path("entitlement").path("status").asString())
                .as("paid until the end of the period")
                .isEqualTo("active");
        awaitEntitlement(s.order(), "revoked");
        assertThat(Instant.now()).isAfterOrEqualTo(periodEnd);
        // the provider's final word, at the end of the period, changes nothing more
        outcome(sendSubscription(Change.CANCELED, s, periodEnd, periodEnd));
        JsonNode ended = awaitSubscription(s.order(), "canceled");
        assertThat(ended.path("entitlement").path("status").asString()).isEqualTo("revoked");
    }

    @Test
    void aLateUpdateNeverRevivesACanceledSubscription() {
        Sub s = signUp(1000, 1000);
        Instant now = seconds(Instant.now());
        Instant periodEnd = now.plus(Duration.ofDays(30));
        sendSubscription(Change.CREATED, s, now.minusSeconds(100), periodEnd);
        sendSubscription(Change.CANCELED, s, now.minusSeconds(50), periodEnd);
        awaitSubscription(s.order(), "canceled");
        awaitEntitlement(s.order(), "revoked");

        String late = sendSubscription(Change.UPDATED, s, now.minusSeconds(80), periodEnd);
        assertThat(outcome(late)).isIn("applied", "stale");
        JsonNode view = gateway.order(s.order());
        assertThat(view.path("subscription").path("status").asString()).isEqualTo("canceled");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("revoked");
        assertThat(view.path("reviews")).isEmpty();

        // an update newer than the cancellation that says active contradicts it: a person looks
        String contradiction = sendSubscription(Change.UPDATED, s, now.minusSeconds(10), periodEnd);
        assertThat(outcome(contradiction)).isEqualTo("review");
        JsonNode reviewed = gateway.order(s.order());
        assertThat(reviewed.path("reviews").findValuesAsString("kind")).containsExactly("contradictory_event");
        assertThat(reviewed.path("subscription").path("status").asString()).isEqualTo("canceled");
        assertThat(reviewed.path("entitlement").path("status").asString()).isEqualTo("revoked");
    }

    @Test
    void aSubscriptionForAnUnregisteredOrderIsDeadLetteredAndAppliedOnceReplayed() {
        Sub s = new Sub(unique("sub"), unique("ord"), 1000);
        Instant now = seconds(Instant.now());
        String event = sendSubscription(Change.CREATED, s, now.minusSeconds(60), now.plus(Duration.ofDays(30)));
        JsonNode dead = awaitDeadLetter(provider(), event);
        assertThat(dead.path("reason").asString()).isEqualTo("unknown_order");
        assertThat(count(
                        "SELECT count(*) FROM subscriptions WHERE provider = ? AND provider_subscription_id = ?",
                        provider(),
                        s.id()))
                .as("nothing of it half-applied")
                .isZero();

        gateway.putOrder(s.order(), 1000, "USD");
        assertThat(gateway.call("POST", "/ops/dead-letters/" + dead.path("id").asString() + "/replay", null)
                        .status())
                .isEqualTo(202);
        JsonNode view = awaitSubscription(s.order(), "active");
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("active");
    }

    @Test
    void eachEventAgainAndTwentyTimesAtOnceIsAppliedOnce() throws Exception {
        Sub s = signUp(1000, 1000);
        Instant now = seconds(Instant.now());
        Instant periodEnd = now.plus(Duration.ofDays(30));
        // the subscription's life, each event newer than the one before it
        Map<String, byte[]> life = new LinkedHashMap<>();
        List<String> payments = new ArrayList<>();
        int at = 100;
        for (Change change : Change.values()) {
            String event = unique("evt");
            life.put(event, subscription(event, change, s, now.minusSeconds(at), periodEnd));
            at -= 10;
            if (change == Change.CREATED) {
                for (boolean paid : List.of(true, false)) {
                    String renewal = unique("evt");
                    payments.add(renewal);
                    life.put(renewal, renewal(renewal, s, unique("pay"), 1200, 1000, paid, now.minusSeconds(at)));
                    at -= 10;
                }
            }
        }
        for (Map.Entry<String, byte[]> e : life.entrySet()) {
            for (int i = 1; i <= 3; i++) {
                send(e.getValue(), e.getKey());
                awaitReceipts(provider(), e.getKey(), i);
            }
            deliverAtOnce(20, e.getValue(), e.getKey());
            awaitReceipts(provider(), e.getKey(), 23);
        }
        for (String event : life.keySet()) {
            List<String> outcomes = jdbc.queryForList(
                    "SELECT outcome FROM receipts WHERE provider = ? AND event_id = ?",
                    String.class,
                    provider(),
                    event);
            assertThat(outcomes).as(event).filteredOn("applied"::equals).hasSize(1);
            assertThat(outcomes).as(event).filteredOn("duplicate"::equals).hasSize(22);
            assertThat(count(
                            "SELECT count(*) FROM subscription_events WHERE provider = ? AND event_id = ?",
                            provider(),
                            event))
                    .isOne();
            String key = "event:" + provider() + ":" + event;
            assertThat(count("SELECT count(*) FROM outbox WHERE dedupe_key = ?", key))
                    .isOne();
        }
        for (String renewal : payments) {
            assertThat(count(
                            "SELECT count(*) FROM payment_events WHERE provider = ? AND event_id = ?",
                            provider(),
                            renewal))
                    .isOne();
        }
        JsonNode view = awaitSubscription(s.order(), "canceled");
        assertThat(view.path("payments")).hasSize(2);
        assertThat(view.path("entitlement").path("status").asString()).isEqualTo("revoked");
        assertThat(view.path("reviews")).isEmpty();
    }

    private void deliverAtOnce(int times, byte[] body, String eventId) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(times);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<String>> sent = new ArrayList<>();
            for (int i = 0; i < times; i++) {
                sent.add(pool.submit(() -> {
                    start.await();
                    return send(body, eventId);
                }));
            }
            start.countDown();
            for (Future<String> f : sent) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }
}
