package dev.payhook.send;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.payhook.config.ShippedProvider;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MollieApiStubs;
import dev.payhook.support.TestKeys;
import dev.payhook.support.TestProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bin/payhook send} against a started gateway: each provider's event, built from its sample
 * and signed as the provider signs, is accepted and pays the order; the same event id again is a
 * duplicate. Only the secret or key the gateway holds is passed, as a developer would.
 */
class SendTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();

    @TempDir
    static Path keys;

    record Run(int status, String out, String err) {}

    private Run send(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        for (String given : List.of(
                "--url=http://127.0.0.1:" + port,
                "--ops-url=http://127.0.0.1:" + gateway.managementPort(),
                "--token=" + dev.payhook.support.Gateway.OPS_TOKEN)) {
            String name = given.substring(0, given.indexOf('=') + 1);
            if (all.stream().noneMatch(a -> a.startsWith(name))) {
                all.add(given);
            }
        }
        return sendAsGiven(all.toArray(String[]::new));
    }

    /** With no address nor token added: as typed. */
    private static Run sendAsGiven(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = SendCommand.run(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String key() throws IOException {
        Path pem = keys.resolve("current.key");
        if (!Files.exists(pem)) {
            Files.writeString(pem, TestKeys.privateKey(TestKeys.CURRENT));
        }
        return "--key=" + pem;
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "stripe, payment_intent.succeeded, --secret=" + "whsec_stripe_test_current",
        "paddle, transaction.completed, --secret=pdl_ntfset_test_current_secret",
        "dodo, payment.succeeded, --secret=whsec_ZG9kby10ZXN0LWN1cnJlbnQtc2VjcmV0LWtleS0wMQ==",
        "razorpay, payment.captured, --secret=rzp_webhook_test_current_secret",
        "adyen, AUTHORISATION, --secret=" + GatewayTest.ADYEN_KEY,
    })
    void anEventSignedWithASecretPaysTheOrder(String provider, String type, String secret) {
        paysOnce(provider, type, secret);
    }

    @Test
    void eventsSignedWithAPrivateKeyPayTheOrder() throws IOException {
        paysOnce("alipay", "TRADE_SUCCESS", key());
        paysOnce(
                "wechatpay",
                "TRANSACTION.SUCCESS",
                key(),
                "--secret=" + GatewayTest.WECHATPAY_API_V3_KEY,
                "--WECHATPAY_SERIAL=" + GatewayTest.WECHATPAY_SERIAL);
        paysOnce(
                "paypal",
                "PAYMENT.CAPTURE.COMPLETED",
                "--key=src/test/resources/paypal/current.key",
                "--payhook.providers.paypal.webhook-id=" + GatewayTest.PAYPAL_WEBHOOK_ID);
    }

    @Test
    void aRefundSampleAfterThePaymentSampleRefundsTheOrder() throws IOException {
        refundsAfterPaying(
                "stripe", "payment_intent.succeeded", "refund.created", "--secret=whsec_stripe_test_current");
        refundsAfterPaying("adyen", "AUTHORISATION", "REFUND", "--secret=" + GatewayTest.ADYEN_KEY);
        refundsAfterPaying(
                "wechatpay",
                "TRANSACTION.SUCCESS",
                "REFUND.SUCCESS",
                key(),
                "--secret=" + GatewayTest.WECHATPAY_API_V3_KEY,
                "--WECHATPAY_SERIAL=" + GatewayTest.WECHATPAY_SERIAL);
        refundsAfterPaying(
                "paypal",
                "PAYMENT.CAPTURE.COMPLETED",
                "PAYMENT.CAPTURE.REFUNDED",
                "--key=src/test/resources/paypal/current.key",
                "--payhook.providers.paypal.webhook-id=" + GatewayTest.PAYPAL_WEBHOOK_ID);
    }

    private void refundsAfterPaying(String provider, String pay, String refund, String... options) {
        String order = "ord-send-refund-" + provider + "-" + UUID.randomUUID();
        for (String type : List.of(pay, refund)) {
            List<String> args = new ArrayList<>(List.of(provider, type, "--order=" + order));
            args.addAll(List.of(options));
            Run run = send(args.toArray(String[]::new));
            assertThat(run.status()).as(run.out() + run.err()).isZero();
            assertThat(run.out()).as(run.out()).contains(": applied");
        }
        assertThat(gateway.order(order).path("status").asString()).as(provider).isEqualTo("refunded");
    }

    @Test
    void aThinNotificationPaysTheOrderOnceTheApiSaysPaid() {
        String order = "ord-send-mollie-" + UUID.randomUUID();
        MollieApiStubs.answer(
                MollieApiStubs.Payment.paid("tr_" + order.replace("-", ""), order, 1050, "EUR", Instant.now()));
        Run run = send("mollie", "payment", "--order=" + order);
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("answered 200").contains("order " + order + ": paid");
    }

    @Test
    void aPayersReturnPaysTheOrderOnceTheProvidersApiConfirmsIt() {
        String esewa = "ord-send-esewa-" + UUID.randomUUID();
        API.stubFor(get(urlPathEqualTo("/esewa/api/epay/transaction/status/"))
                .withQueryParam("transaction_uuid", equalTo(esewa))
                .willReturn(okJson(
                        "{\"product_code\":\"" + GatewayTest.ESEWA_PRODUCT_CODE + "\",\"transaction_uuid\":\"" + esewa
                                + "\",\"total_amount\":10.50,\"status\":\"COMPLETE\",\"ref_id\":\"0007G36\"}")));
        returnPays("esewa", "COMPLETE", esewa, "--secret=" + GatewayTest.ESEWA_SECRET);

        String imepay = "ord-send-imepay-" + UUID.randomUUID();
        API.stubFor(post(urlPathEqualTo("/imepay/api/Web/Confirm"))
                .withRequestBody(matchingJsonPath("$.TokenId", equalTo("pay_" + imepay)))
                .willReturn(okJson("{\"ResponseCode\":0,\"ResponseDescription\":\"Success\",\"Msisdn\":\"9841000000\","
                        + "\"TransactionId\":\"TXNpay_" + imepay + "\",\"RefId\":\"" + imepay + "\",\"TokenId\":\"pay_"
                        + imepay + "\"}")));
        returnPays("imepay", "success", imepay);

        String khalti = "ord-send-khalti-" + UUID.randomUUID();
        API.stubFor(post(urlPathEqualTo("/khalti/v2/epayment/lookup/"))
                .withRequestBody(matchingJsonPath("$.pidx", equalTo("pay_" + khalti)))
                .willReturn(okJson("{\"pidx\":\"pay_" + khalti + "\",\"total_amount\":1050,\"status\":\"Completed\","
                        + "\"transaction_id\":\"TXN1\",\"fee\":0,\"refunded\":false}")));
        returnPays("khalti", "Completed", khalti);
    }

    private void returnPays(String provider, String type, String order, String... options) {
        List<String> args = new ArrayList<>(List.of(provider, type, "--order=" + order));
        args.addAll(List.of(options));
        Run run = send(args.toArray(String[]::new));
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .as(run.out())
                .contains("answered 302 -> https://shop.example.test/" + provider + "/thanks")
                .contains("order " + order + ": paid");
    }

    @Test
    void aCustomerUpdateMovesNoMoneyAndIsSaidToBeIgnored() {
        String order = "ord-send-customer-" + UUID.randomUUID();
        Run run = send("paddle", "customer.updated", "--order=" + order, "--secret=" + TestProvider.PADDLE.secret);
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains(": ignored").doesNotContain("registered order");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM orders WHERE order_id = ?", Integer.class, order))
                .as("a type the table ignores pays no order, so none is registered for it")
                .isZero();
    }

    @Test
    void anAmountInMajorUnitsIsRefusedWithTheFix() {
        Run run = send("stripe", "payment_intent.succeeded", "--amount=10.50", "--secret=whsec_x", "--print");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err())
                .contains("--amount 10.50 is not a whole number of minor units")
                .contains("--amount 1050 is 10.50 USD")
                .doesNotContain("Exception");
    }

    @Test
    void theSameEventIdAgainIsADuplicate() {
        String order = "ord-send-again-" + UUID.randomUUID();
        String[] args = {
            "stripe",
            "payment_intent.succeeded",
            "--order=" + order,
            "--event-id=evt_send_again_" + UUID.randomUUID().toString().substring(0, 8),
            "--secret=" + TestProvider.STRIPE.secret
        };
        assertThat(send(args).out()).contains(": applied");
        Run again = send(args);
        assertThat(again.status()).isZero();
        assertThat(again.out()).contains(": duplicate").contains("order " + order + ": paid");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payments WHERE order_id = ?", Integer.class, order))
                .isEqualTo(1);
    }

    @Test
    void listenShowsTheProviderEventAndTheOrderEventsItCaused() {
        String order = "ord-send-listen-" + UUID.randomUUID();
        String event = "evt_listen_" + UUID.randomUUID().toString().substring(0, 8);
        assertThat(send(
                                "stripe",
                                "payment_intent.succeeded",
                                "--order=" + order,
                                "--event-id=" + event,
                                "--secret=" + TestProvider.STRIPE.secret)
                        .status())
                .isZero();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = ListenCommand.run(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err,
                "--once",
                "--ops-url=http://127.0.0.1:" + gateway.managementPort(),
                "--token=" + dev.payhook.support.Gateway.OPS_TOKEN);
        String shown = out.toString(StandardCharsets.UTF_8);
        assertThat(status).isZero();
        assertThat(shown)
                .contains("received   stripe payment_intent.succeeded  " + event + "  order " + order + "  applied")
                .containsPattern("published  order.paid  order:" + order + ":\\d+  version \\d+");
        assertThat(gateway.get("/ops/flow?since=2020-01-01T00:00:00Z").body())
                .as("a tail is recent: the receipts are read by time")
                .contains("since must be within the last hour");
    }

    @Test
    void printGivesACurlLineAndListNamesEveryProvidersTypes() {
        Run print = send("stripe", "payment_intent.succeeded", "--order=ord-print", "--secret=whsec_x", "--print");
        assertThat(print.out())
                .startsWith("curl -si -X POST 'http://127.0.0.1:" + port + "/webhooks/stripe'")
                .contains("-H 'Stripe-Signature: t=")
                .contains("\"order_id\": \"ord-print\"");
        Run list = send("--list");
        assertThat(list.out().lines().map(l -> l.substring(0, l.indexOf(' '))).distinct())
                .containsExactlyInAnyOrderElementsOf(Stream.concat(
                                ShippedProvider.all().stream().map(ShippedProvider::id),
                                // the folder of the test below, under src/test/resources/samples
                                Stream.of("acme"))
                        .toList());
    }

    @Test
    void aSenderOfASharedSchemeWithAFormatOfItsOwnSendsThatFormatsSamples() {
        Run print = send(
                "acme",
                "charge.paid",
                "--order=ord-acme",
                "--payhook.providers.acme.scheme=standard-webhooks",
                "--payhook.providers.acme.format=acme",
                "--secret=whsec_YWNtZS10ZXN0LXNlY3JldA==",
                "--print");
        assertThat(print.status()).isZero();
        assertThat(print.out())
                .startsWith("curl -si -X POST 'http://127.0.0.1:" + port + "/webhooks/acme'")
                .contains("-H 'webhook-signature: v1,")
                .contains("\"reference\": \"ord-acme\"")
                .doesNotContain("business_id");
    }

    @Test
    void aTypeJustMappedIsTriedFromASampleOfItsReadersObject(@TempDir Path routes) throws IOException {
        Path types = Files.createDirectories(routes.resolve("types"));
        Files.writeString(
                types.resolve("stripe.yaml"),
                Files.readString(Path.of("routes/types/stripe.yaml"))
                        + "  charge.captured: { action: payment.succeeded, reader: charge }\n");
        Run print = send(
                "stripe",
                "charge.captured",
                "--order=ord-captured",
                "--secret=whsec_x",
                "--print",
                "--payhook.routes.dir=" + routes);
        assertThat(print.status()).as(print.err()).isZero();
        assertThat(print.out())
                .as("the charge sample whose type means the same, in the status that agrees")
                .contains("\"type\": \"charge.captured\"")
                .contains("\"object\": \"charge\"")
                .contains("\"status\": \"succeeded\"");

        Run unmapped = send("stripe", "charge.expired", "--secret=whsec_x", "--print");
        assertThat(unmapped.status()).isEqualTo(2);
        assertThat(unmapped.err().lines().toList())
                .containsExactly(
                        "payhook send: no sample of stripe charge.expired, and its table does not name the type",
                        "  fix: write the event as stripe sends it to a file and pass it: send stripe --body FILE"
                                + " --type charge.expired; send --list names the types with samples");
    }

    @Test
    void aBodyOfOnesOwnIsSignedForAProviderAddedByConfigurationUnderItsName(@TempDir Path dir) throws IOException {
        String[] acme = {
            "--payhook.providers.acme.scheme=standard-webhooks",
            "--payhook.providers.acme.format=mapped",
            "--secret=" + GatewayTest.ACME_SECRET
        };
        Run noSample = send("acme", "charge.paid", acme[0], acme[1], acme[2], "--print");
        assertThat(noSample.status()).isEqualTo(2);
        assertThat(noSample.err())
                .contains("payhook send: acme sends a format of its own (mapped), of which send has no sample")
                .contains("send acme --body FILE --type charge.paid")
                .doesNotContain("dodo");

        String order = "ord-send-body-" + UUID.randomUUID();
        gateway.putOrder(order, 2500, "USD");
        Path body = Files.writeString(dir.resolve("paid.json"), """
                {"type":"charge.paid","created_at":"%s",
                 "data":{"reference":"%s","charge_id":"ch_%s","amount":2500,"currency":"USD"}}
                """.formatted(Instant.now(), order, UUID.randomUUID()));
        Run run = send("acme", "--body", body.toString(), acme[0], acme[1], acme[2]);
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .contains("POST /webhooks/acme  acme (its own body)")
                .contains(": applied")
                .contains("order " + order + ": paid");
    }

    @Test
    void anAdyenNotificationOfOnesOwnIsSignedItemByItem(@TempDir Path dir) throws IOException {
        String order = "ord-send-adyen-body-" + UUID.randomUUID();
        gateway.putOrder(order, 1800, "EUR");
        String psp = "PSP"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 13).toUpperCase(Locale.ROOT);
        Path body = Files.writeString(dir.resolve("adyen.json"), """
                {"live":"false","notificationItems":[{"NotificationRequestItem":{
                  "additionalData":{"hmacSignature":"not-yet-signed"},
                  "amount":{"currency":"EUR","value":1800},"eventCode":"AUTHORISATION","eventDate":"%s",
                  "merchantAccountCode":"PayhookTestMerchant","merchantReference":"%s","originalReference":"",
                  "paymentMethod":"visa","pspReference":"%s","success":"true"}}]}
                """.formatted(Instant.now(), order, psp));
        Run run = send("adyen", "--body=" + body, "--secret=" + GatewayTest.ADYEN_KEY);
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains(": applied").contains("order " + order + ": paid");
    }

    @Test
    void aBrokenLocalTableIsSaidInTwoLinesAndTheJarsIsRead(@TempDir Path routes) throws IOException {
        Path types = Files.createDirectories(routes.resolve("types"));
        Files.writeString(types.resolve("stripe.yaml"), "types:\n  charge.captured: { action: payment.sucseeded }\n");
        Run run = send(
                "stripe", "payment_intent.succeeded", "--secret=whsec_x", "--print", "--payhook.routes.dir=" + routes);
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("Stripe-Signature");
        assertThat(run.err().lines().toList()).hasSize(2);
        assertThat(run.err())
                .startsWith("payhook send: " + types.resolve("stripe.yaml") + ":2: 'charge.captured': unknown action")
                .contains("meanwhile send reads the jar's table")
                .doesNotContain("Exception");
    }

    @Test
    void a401SaysWhereSendTookItsSecret() {
        Run given = send("stripe", "payment_intent.succeeded", "--secret=whsec_not_the_gateways");
        assertThat(given.status()).isEqualTo(1);
        assertThat(given.out())
                .contains("answered 401")
                .contains("send signed with --secret")
                .contains("the gateway checks with what it read at its own start");
        Run configured = send("stripe", "payment_intent.succeeded", "--STRIPE_WEBHOOK_SECRET=whsec_not_the_gateways");
        assertThat(configured.out())
                .contains("send signed with payhook.providers.stripe.secrets[0], that is STRIPE_WEBHOOK_SECRET as"
                        + " this shell or an argument sets it");
    }

    @Test
    void withoutUrlsItFindsTheGatewayWhereItSaidItListens(@TempDir Path dir) throws IOException {
        Path listening = Files.writeString(
                dir.resolve("listening"),
                "server.port=" + port + "\npayhook.ops.port=" + gateway.managementPort() + "\n");
        String order = "ord-send-listening-" + UUID.randomUUID();
        Run run = sendAsGiven(
                "stripe",
                "payment_intent.succeeded",
                "--order=" + order,
                "--secret=" + TestProvider.STRIPE.secret,
                "--token=" + dev.payhook.support.Gateway.OPS_TOKEN,
                "--payhook.dev.listening-file=" + listening);
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains(": applied").contains("order " + order + ": paid");
    }

    @Test
    void withoutTheProvidersSecretItSaysWhichSettingToSet() {
        Run run = send("razorpay", "payment.captured", "--RAZORPAY_WEBHOOK_SECRET=");
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err())
                .contains("no payhook.providers.razorpay.secrets is set")
                .contains("fix: ");
    }

    @Test
    void aFileThatIsNotAKeyIsRefusedBeforeAnythingIsRegistered() throws IOException {
        Path notAKey = Files.writeString(keys.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash\n");
        String order = "ord-send-nokey-" + UUID.randomUUID();
        Run run = send("alipay", "TRADE_SUCCESS", "--order=" + order, "--key=" + notAKey);
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err().lines().toList())
                .containsExactly(
                        "payhook send: --key " + notAKey + " is not a PEM private key",
                        "  fix: pass --key with a PEM PKCS#8 private key");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM orders WHERE order_id = ?", Integer.class, order))
                .as("no order registered for an event that could not be signed")
                .isZero();
    }

    @Test
    void anOpsApiThatIsDownIsNamedWithTheCause() throws IOException {
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Run run =
                send("stripe", "payment_intent.succeeded", "--secret=whsec_x", "--ops-url=http://127.0.0.1:" + closed);
        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err())
                .contains("the ops API at http://127.0.0.1:" + closed)
                .contains("did not answer: connection refused")
                .doesNotContain("null");
    }

    private void paysOnce(String provider, String type, String... options) {
        String order = "ord-send-" + provider + "-" + UUID.randomUUID();
        List<String> args = new ArrayList<>(List.of(provider, type, "--order=" + order));
        args.addAll(List.of(options));
        Run run = send(args.toArray(String[]::new));
        assertThat(run.status()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .as(run.out())
                .contains("registered order " + order)
                .contains(": applied")
                .contains("order " + order + ": paid, entitlement active");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }
}
