package dev.payhook.ops;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.alerts.AlertKind;
import dev.payhook.alerts.Alerts;
import dev.payhook.outbox.EventSubscribers;
import dev.payhook.outbox.Subscriber;
import dev.payhook.support.Browser;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantQueue;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.StripeApiStubs;
import dev.payhook.support.TestProvider;
import dev.payhook.support.TestProvider.Dispute;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/** The ops console in a real headless Chromium, as ops use it. Screenshots of each page go to target/screenshots. */
class ConsoleBrowserTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final String OPS_NAME = "Asha";

    @org.springframework.beans.factory.annotation.Autowired
    jakarta.jms.ConnectionFactory broker;

    private Browser browser;
    private String console;

    @BeforeEach
    void openBrowser() {
        browser = new Browser();
        console = "http://127.0.0.1:" + gateway.managementPort();
    }

    @AfterEach
    void closeBrowser() {
        browser.close();
    }

    private void logIn() {
        browser.logIn(console, OPS_NAME, DEADLINE);
    }

    private void clickToLoad(WebElement element) {
        browser.clickToLoad(element, DEADLINE);
    }

    private WebElement waitFor(By by) {
        return browser.waitFor(by, DEADLINE);
    }

    private String deadLetterFor(String order) {
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 1200, "USD", Instant.now()));
        return event;
    }

    @Test
    void aDeadLetterForAnUnknownOrderIsReplayedFromThePageOnceTheOrderIsRegistered() {
        String from = sinceNow();
        String order = unique("ord");
        String event = deadLetterFor(order);
        String deadLetter = awaitDeadLetter("stripe", event).path("id").asString();

        logIn();
        browser.screenshot("overview");
        clickToLoad(browser.driver.findElement(By.linkText("Dead letters")));
        // other tests' open dead letters may fill the first pages: this one's are filtered to
        browser.driver.get(console + "/ops/console/dead-letters?provider=stripe&received_from=" + from);
        WebElement row = waitFor(By.id("dl-" + event));
        assertThat(row.getText()).contains("stripe", "unknown_order");
        browser.screenshot("dead-letters");

        assertThat(gateway.putOrder(order, 1200, "USD").status()).isEqualTo(201);
        clickToLoad(row.findElement(By.linkText("Replay…")));
        assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Replay this dead letter?");
        browser.screenshot("confirm-replay");
        clickToLoad(browser.driver.findElement(By.id("confirm")));

        assertThat(waitFor(By.id("message")).getText()).contains("Replayed dead letter " + deadLetter);
        assertThat(browser.driver.findElements(By.id("dl-" + event))).isEmpty();
        awaitOrder(order, "paid");
        assertThat(jdbc.queryForObject(
                        "SELECT actor FROM ops_actions WHERE target LIKE ? AND action = 'replay_dead_letter'",
                        String.class,
                        "%" + deadLetter + "%"))
                .startsWith("console:" + OPS_NAME);
    }

    @Test
    void aFilteredSetOfDeadLettersIsReplayedInOneGoAfterAConfirmationShowingTheCount() {
        String from = sinceNow();
        List<String> orders = List.of(unique("ord"), unique("ord"), unique("ord"));
        List<String> events = orders.stream().map(this::deadLetterFor).toList();
        events.forEach(event -> awaitDeadLetter("stripe", event));
        orders.forEach(order -> gateway.putOrder(order, 1200, "USD"));

        logIn();
        browser.driver.get(console + "/ops/console/dead-letters?reason=unknown_order&received_from=" + from);
        assertThat(waitFor(By.id("total")).getText()).isEqualTo("3");
        assertThat(browser.driver.findElement(By.id("counts")).getText()).contains("unknown_order 3");
        browser.screenshot("dead-letters-filtered");
        clickToLoad(browser.driver.findElement(By.id("replay-all")));
        assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Replay 3 dead letters?");
        assertThat(browser.driver.findElement(By.id("bulk-filter")).getText()).contains("unknown_order", from);
        browser.screenshot("confirm-bulk-replay");
        clickToLoad(browser.driver.findElement(By.id("confirm")));

        assertThat(waitFor(By.id("message")).getText()).startsWith("Replayed 3 dead letters (batch ");
        orders.forEach(order -> awaitOrder(order, "paid"));
        assertThat(jdbc.queryForList(
                        "SELECT DISTINCT actor FROM ops_actions WHERE action = 'replay_dead_letter' AND batch_id ="
                                + " (SELECT batch_id FROM ops_actions WHERE target = ?)",
                        String.class,
                        awaitDeadLetter("stripe", events.get(0)).path("id").asString()))
                .singleElement()
                .asString()
                .startsWith("console:" + OPS_NAME);
    }

    @Test
    void aForgedWebhookIsReadOnTheRefusedPageWithItsCredentialHidden() {
        String event = unique("evt");
        byte[] body = STRIPE.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
        java.util.Map<String, String> headers = new java.util.HashMap<>(
                STRIPE.sign("whsec_forged", event, Instant.now().getEpochSecond(), body));
        headers.put("Authorization", "Bearer leaked-credential-123");
        headers.put("X-Forwarded-For", "203.0.113.50");
        assertThat(gateway.post("/webhooks/" + FENCED, "application/json", body, headers)
                        .status())
                .isEqualTo(401);

        logIn();
        clickToLoad(browser.driver.findElement(By.linkText("Refused")));
        browser.driver.get(console + "/ops/console/refused?provider=" + FENCED + "&reason=signature_mismatch");
        WebElement table = waitFor(By.id("refused"));
        assertThat(table.getText()).contains("203.0.113.50", "signature_mismatch");
        browser.screenshot("refused");
        clickToLoad(table.findElement(By.partialLinkText("ago")));
        assertThat(waitFor(By.id("reason")).getText()).isEqualTo("signature_mismatch");
        assertThat(browser.driver.findElement(By.id("headers")).getText())
                .contains("(redacted)", "stripe-signature")
                .doesNotContain("leaked-credential-123");
        assertThat(browser.driver.findElement(By.id("body")).getText()).contains(event);
        browser.screenshot("refused-request");
    }

    /** This second in UTC as a console form writes it, to filter to what a test made from now on. */
    private static String sinceNow() {
        return LocalDateTime.ofInstant(Instant.now().truncatedTo(ChronoUnit.SECONDS), ZoneOffset.UTC)
                .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    }

    @Test
    void aFailedDeliveryIsReplayedFromTheDeliveriesPageOnceTheEndpointIsBack() {
        String order = unique("ord");
        StubMapping down = MerchantReceiver.answer(
                ENDPOINT, order, aResponse().withStatus(503).withBody("maintenance until 10:00"));
        gateway.putOrder(order, 600, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 600, "USD", Instant.now()));
        String webhookId = "order:" + order + ":1";
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> gateway.get("/ops/deliveries/failed?endpoint=" + ENDPOINT)
                        .body()
                        .contains(webhookId));

        logIn();
        clickToLoad(browser.driver.findElement(By.linkText("Flow")));
        browser.driver.findElement(By.id("order_id")).sendKeys(order);
        clickToLoad(browser.driver.findElement(By.id("search")));
        assertThat(stop(webhookId, ENDPOINT).getText()).contains("parked: replay it from Deliveries, attempt 3");
        clickToLoad(browser.driver.findElement(By.linkText("Deliveries")));
        assertThat(waitFor(By.id("endpoint-" + ENDPOINT)).getText()).contains(MerchantReceiver.url(ENDPOINT), "503");
        WebElement row = waitFor(By.id("failed-" + webhookId));
        assertThat(row.getText()).contains("order.paid", "3", "503", "maintenance until 10:00");
        browser.screenshot("deliveries");

        MerchantReceiver.server().removeStub(down);
        clickToLoad(row.findElement(By.tagName("button")));
        assertThat(waitFor(By.id("message")).getText()).isEqualTo("Replayed 1 message with the original webhook-id.");
        assertThat(browser.driver.findElements(By.id("failed-" + webhookId))).isEmpty();
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> MerchantReceiver.received(ENDPOINT, order).size() == 4);
        assertThat(MerchantReceiver.received(ENDPOINT, order).get(3).getHeader("webhook-id"))
                .isEqualTo(webhookId);
        assertThat(jdbc.queryForObject(
                        "SELECT actor FROM ops_actions WHERE action = 'replay_delivery' AND target LIKE 'ID:%' "
                                + "ORDER BY id DESC LIMIT 1",
                        String.class))
                .startsWith("console:" + OPS_NAME);

        // the Flow page tells it from what was recorded: three failed attempts, parked, replayed by
        // whom, then delivered; and a subscriber whose queue came later never had it
        String late = unique("late").replace('_', '-');
        subscribers.declare(new Subscriber(late, Subscriber.Role.CONSUMER, List.of()));
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> "delivered"
                        .equals(jdbc.queryForObject(
                                "SELECT state FROM delivery_latest WHERE message_key = ? AND subscriber = ?",
                                String.class,
                                webhookId,
                                ENDPOINT)));
        clickToLoad(browser.driver.findElement(By.linkText("Flow")));
        browser.driver.findElement(By.id("order_id")).sendKeys(order);
        clickToLoad(browser.driver.findElement(By.id("search")));
        WebElement replayed = stop(webhookId, ENDPOINT);
        assertThat(replayed.getText()).contains("delivered, attempt 1").contains("(replayed by console:" + OPS_NAME);
        replayed.findElement(By.tagName("summary")).click();
        assertThat(replayed.findElement(By.tagName("ol")).getText().lines().toList())
                .as("every step, oldest first")
                .satisfiesExactly(
                        l -> assertThat(l).contains("retrying, attempt 1, 503"),
                        l -> assertThat(l).contains("retrying, attempt 2, 503"),
                        l -> assertThat(l).contains("parked, attempt 3, 503"),
                        l -> assertThat(l).contains("replayed by console:" + OPS_NAME),
                        l -> assertThat(l).contains("delivered, attempt 1"));
        assertThat(stop(webhookId, late).getText()).contains("not subscribed then");
        assertThat(stop(webhookId, late).getAttribute("class")).contains("not-subscribed");
        browser.screenshot("flow-history");
    }

    @Autowired
    EventSubscribers subscribers;

    @Test
    void theFlowPageShowsWhichSubscribersHadAnOrdersEventsAndWhichAreStillToGetThem() throws Exception {
        String order = unique("ord");
        StubMapping down =
                MerchantReceiver.answer(AUDIT_ENDPOINT, order, aResponse().withStatus(503));
        gateway.putOrder(order, 700, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 700, "USD", Instant.now()));
        String paid = "order:" + order + ":1";
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> jdbc.queryForList(
                                "SELECT state FROM delivery_latest WHERE message_key = ? ORDER BY subscriber",
                                String.class,
                                paid)
                        .equals(List.of("retrying", "delivered")));

        logIn();
        clickToLoad(browser.driver.findElement(By.linkText("Flow")));
        assertThat(waitFor(By.id("subscribers")).getText())
                .contains(
                        ENDPOINT + " (HTTP endpoint: order.*, entitlement.*",
                        AUDIT_ENDPOINT + " (HTTP endpoint: order.*)",
                        SUBSCRIBER + " (consumer)");
        browser.driver.findElement(By.id("order_id")).sendKeys(order);
        clickToLoad(browser.driver.findElement(By.id("search")));

        WebElement row = waitFor(By.id("msg-" + paid));
        assertThat(row.getText()).contains("order.paid", order);
        assertThat(stop(paid, ENDPOINT).getText()).contains("delivered, attempt 1");
        assertThat(stop(paid, ENDPOINT).getAttribute("class")).contains("delivered");
        assertThat(stop(paid, AUDIT_ENDPOINT).getText()).contains("retrying, attempt ", ", last 503");
        assertThat(stop(paid, SUBSCRIBER).getText())
                .as("nobody has taken it off the test merchant's queue yet")
                .contains("waiting on its queue");
        String provider = "event:stripe:" + event;
        assertThat(waitFor(By.id("event-stripe:" + event)).getText())
                .contains("payment_intent.succeeded", event, order, "applied", "payment.succeeded")
                .contains("no branch takes stripe:payment_intent.succeeded");
        assertThat(browser.driver.findElements(By.id("stop-" + provider + "-" + ENDPOINT)))
                .as("the shop's endpoint does not take provider events: it is not on their way")
                .isEmpty();
        assertThat(stop(provider, SUBSCRIBER).getText()).contains("waiting on its queue");
        browser.screenshot("flow");

        // an event the table ignores made no message: it is there with its receipt, found by its id or type
        String ignored = unique("evt");
        byte[] customer = """
                {"id":"%s","object":"event","api_version":"2024-06-20","created":%d,"type":"customer.updated",
                 "livemode":false,"data":{"object":{"id":"cus_%s","object":"customer"}}}""".formatted(ignored, Instant.now().getEpochSecond(), ignored)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        gateway.deliver(STRIPE, ignored, customer);
        awaitReceipts("stripe", ignored, 1);
        browser.driver.get(browser.driver.getCurrentUrl().replaceFirst("\\?.*", "") + "?event_id=" + ignored);
        WebElement received = waitFor(By.id("event-stripe:" + ignored));
        assertThat(received.getText())
                .contains("customer.updated", "ignored by the table", "no branch takes stripe:customer.updated");
        assertThat(browser.driver.findElements(By.cssSelector("#order-events tr[id]")))
                .as("an event id names no order event")
                .isEmpty();
        clickToLoad(received.findElement(By.cssSelector("td.receipt a")));
        assertThat(browser.driver.getCurrentUrl()).contains("/ops/console/receipts/");
        browser.driver.navigate().back();
        WebElement type = waitFor(By.id("event_type"));
        type.clear();
        type.sendKeys("customer.updated");
        waitFor(By.id("event_id")).clear();
        waitFor(By.id("provider")).sendKeys("stripe");
        clickToLoad(waitFor(By.id("search")));
        assertThat(waitFor(By.id("event-stripe:" + ignored)).isDisplayed()).isTrue();
        assertThat(browser.driver.findElements(By.id("event-stripe:" + event)))
                .as("another type")
                .isEmpty();
        String page = browser.driver.getCurrentUrl().replaceFirst("\\?.*", "");
        browser.driver.get(page + "?event_id=" + ignored + "&to=2020-01-01T00:00:00");
        assertThat(waitFor(By.id("search")).isDisplayed()).isTrue();
        assertThat(browser.driver.findElements(By.id("event-stripe:" + ignored)))
                .as("received after the time searched to")
                .isEmpty();
        browser.driver.get(page + "?order_id=" + order);

        assertThat(MerchantQueue.take(broker, MerchantQueue.ofOrder(order), m -> true, 1, DEADLINE))
                .hasSize(1);
        MerchantReceiver.server().removeStub(down);
        org.awaitility.Awaitility.await().atMost(DEADLINE).until(() -> {
            browser.driver.navigate().refresh();
            return stop(paid, AUDIT_ENDPOINT).getText().matches("(?s).*delivered, attempt [2-9].*")
                    && stop(paid, SUBSCRIBER).getText().contains("taken from its queue");
        });
    }

    private WebElement stop(String key, String subscriber) {
        return waitFor(By.id("stop-" + key + "-" + subscriber));
    }

    @Test
    void aDoublePaymentIsRefundedFromItsReviewAfterAConfirmationAndTheReviewResolvesItself() {
        String order = unique("ord");
        String extra = unique("pi");
        String re = unique("re");
        StripeApiStubs.stub(
                post(urlPathEqualTo("/stripe/v1/refunds")).withRequestBody(containing("payment_intent=" + extra)),
                okJson(StripeApiStubs.refund(re, extra, 990, "usd", "succeeded", null, Instant.now())));
        long review = payTwice(STRIPE, order, extra, 990, "USD");

        logIn();
        browser.driver.get(console + "/ops/console/reviews");
        WebElement row = waitFor(By.id("review-" + review));
        clickToLoad(row.findElement(By.linkText("Refund this payment…")));
        assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Refund this payment?");
        assertThat(browser.driver.findElement(By.id("amount")).getText()).isEqualTo("9.90 USD");
        browser.screenshot("confirm-refund");
        clickToLoad(browser.driver.findElement(By.id("confirm")));

        assertThat(waitFor(By.id("message")).getText())
                .startsWith("Refund ")
                .contains("requested: 990 USD of stripe payment " + extra);
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> "resolved"
                        .equals(jdbc.queryForObject("SELECT status FROM reviews WHERE id = ?", String.class, review)));
        browser.driver.get(console + "/ops/console/reviews");
        waitFor(By.tagName("h1"));
        assertThat(browser.driver.findElements(By.id("review-" + review))).isEmpty();
        assertThat(jdbc.queryForObject(
                        "SELECT requested_by FROM refund_requests WHERE review_id = ?", String.class, review))
                .startsWith("console:" + OPS_NAME);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");

        String id =
                jdbc.queryForObject("SELECT id::text FROM refund_requests WHERE review_id = ?", String.class, review);
        browser.driver.get(console + "/ops/console/refunds?status=succeeded");
        WebElement refund = waitFor(By.id("refund-" + id));
        assertThat(refund.getText()).contains("succeeded", extra, "9.90 USD", "payhook-" + id, re);
        browser.screenshot("refunds");
    }

    @Test
    void aReviewIsResolvedWithANote() {
        String order = unique("ord");
        String payment = unique("pay");
        gateway.putOrder(order, 800, "USD");
        Instant at = Instant.now();
        String paid = unique("evt");
        gateway.deliver(STRIPE, paid, STRIPE.payment(paid, payment, order, 800, "USD", at));
        awaitOrder(order, "paid");
        String won = unique("evt");
        gateway.deliver(STRIPE, won, STRIPE.dispute(won, payment, Dispute.WON, 800, "USD", at.plusSeconds(10)));
        String lost = unique("evt");
        gateway.deliver(STRIPE, lost, STRIPE.dispute(lost, payment, Dispute.LOST, 800, "USD", at.plusSeconds(20)));
        org.awaitility.Awaitility.await()
                .atMost(DEADLINE)
                .until(() -> !gateway.order(order).path("reviews").isEmpty());
        long review = gateway.order(order).path("reviews").get(0).path("id").asLong();

        logIn();
        browser.driver.get(console + "/ops/console/reviews");
        WebElement row = waitFor(By.id("review-" + review));
        row.findElement(By.name("note")).sendKeys("Stripe dashboard says lost; customer refunded by hand");
        browser.screenshot("reviews");
        clickToLoad(row.findElement(By.tagName("button")));

        assertThat(waitFor(By.id("message")).getText()).isEqualTo("Resolved review " + review + ".");
        assertThat(browser.driver.findElements(By.id("review-" + review))).isEmpty();
        assertThat(jdbc.queryForObject("SELECT note FROM reviews WHERE id = ?", String.class, review))
                .isEqualTo("Stripe dashboard says lost; customer refunded by hand");
        assertThat(jdbc.queryForObject("SELECT resolved_by FROM reviews WHERE id = ?", String.class, review))
                .startsWith("console:" + OPS_NAME);
    }

    @Autowired
    Alerts alerts;

    @Test
    void theOverviewShowsTheQueuesDepthsAndTheLastAlertsWithTheirProviderAndDetail() {
        String subject = unique("run");
        alerts.raise(
                AlertKind.RECONCILE_FAILED,
                subject,
                Map.of("provider", "paddle", "detail", "GET /transactions: HTTP 503 " + subject));

        logIn();
        assertThat(waitFor(By.id("depth-payhook.inbound")).getText()).matches("\\d+");
        assertThat(waitFor(By.id("parked-deliveries")).getText())
                .as("what waits on payhook.deliveries.failed for a replay")
                .matches("\\d+");
        WebElement alert = waitFor(By.xpath("//tr[td[contains(., '" + subject + "')]]"));
        assertThat(alert.getText()).contains("reconcile_failed", "paddle", "HTTP 503 " + subject, "ago");
    }

    @Test
    void theReconciliationPageListsARunWithItsTriggerOrderAndOutcome() {
        String order = unique("ord");
        gateway.putOrder(order, 300, "USD");
        UUID run = reconcile("{\"order_id\":\"" + order + "\"}");
        String status = awaitRun(run).path("status").asString();

        logIn();
        clickToLoad(browser.driver.findElement(By.linkText("Reconciliation")));
        WebElement row = waitFor(By.xpath("//table[@id='runs']//tr[td[text()='" + order + "']]"));
        assertThat(row.getText()).contains("order", status);
    }

    @Test
    void aReceiptIsFoundByItsEventIdAndShowsItsRawBody() {
        String order = unique("ord");
        gateway.putOrder(order, 300, "USD");
        String event = unique("evt");
        gateway.deliver(STRIPE, event, STRIPE.payment(event, unique("pay"), order, 300, "USD", Instant.now()));
        awaitOrder(order, "paid");

        logIn();
        clickToLoad(browser.driver.findElement(By.linkText("Receipts")));
        waitFor(By.id("event_id")).sendKeys(event);
        clickToLoad(browser.driver.findElement(By.id("search")));
        WebElement found = waitFor(By.id("receipts"));
        assertThat(found.getText()).contains(event, "applied");
        browser.screenshot("receipts");
        clickToLoad(found.findElement(By.cssSelector("td a")));

        assertThat(waitFor(By.id("body")).getText())
                .contains("\"id\": \"" + event + "\"")
                .contains(order);
        assertThat(browser.driver.findElement(By.id("outcome")).getText()).startsWith("applied");
        // the signature is evidence of who sent it, kept with the bytes it signs
        assertThat(browser.driver.findElement(By.id("headers")).getText()).contains("stripe-signature");
        browser.screenshot("receipt");

        // the order's receipts offer its dispute evidence pack
        clickToLoad(browser.driver.findElement(By.linkText("its receipts and evidence pack")));
        assertThat(waitFor(By.id("evidence")).getAttribute("href")).endsWith("/ops/orders/" + order + "/evidence");
    }

    @Test
    void theWrongTokenIsRefused() {
        browser.driver.get(console + "/ops/login");
        browser.driver.findElement(By.id("token")).sendKeys("not-the-token");
        clickToLoad(browser.driver.findElement(By.id("login")));
        assertThat(waitFor(By.id("refused")).getText()).isEqualTo("That is not the ops token.");
        browser.screenshot("login-refused");
        assertThat(browser.driver.manage().getCookieNamed("PAYHOOK_CONSOLE")).isNull();
        browser.driver.get(console + "/ops/console/dead-letters");
        assertThat(browser.driver.getCurrentUrl()).endsWith("/ops/login");
    }

    @Test
    void anActionWithoutTheCsrfTokenIsRefused() throws Exception {
        String event = deadLetterFor(unique("ord"));
        String deadLetter = awaitDeadLetter("stripe", event).path("id").asString();
        logIn();
        Cookie session = browser.driver.manage().getCookieNamed("PAYHOOK_CONSOLE");
        assertThat(session.isHttpOnly()).isTrue();
        assertThat(session.getSameSite()).isEqualTo("Strict");

        HttpResponse<String> forged = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(console + "/ops/console/dead-letters/" + deadLetter + "/replay"))
                                .timeout(Duration.ofSeconds(30))
                                .header("Cookie", "PAYHOOK_CONSOLE=" + session.getValue())
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(HttpRequest.BodyPublishers.ofString("_csrf=guessed"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());

        assertThat(forged.statusCode()).isEqualTo(403);
        assertThat(forged.body()).contains("invalid_csrf_token");
        assertThat(count("SELECT count(*) FROM dead_letters WHERE id = ?::uuid AND status = 'open'", deadLetter))
                .isOne();
    }
}
