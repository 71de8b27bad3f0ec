package dev.payhook.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.web.Listeners;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The whole gateway in the test JVM: embedded PostgreSQL (throw-away), embedded Artemis with a
 * persistent journal in a fresh directory, the routes of routes/, the config of config/application.yml.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "payhook.embedded-postgres.data-dir=",
            "payhook.embedded-postgres.port=0",
            "spring.artemis.embedded.data-directory=target/artemis-${random.uuid}",
            "payhook.ops.token=" + Gateway.OPS_TOKEN,
            // named tokens with fewer roles than the single one (RolesTest)
            "payhook.ops.tokens.dashboard.token=" + GatewayTest.READ_TOKEN,
            "payhook.ops.tokens.dashboard.roles=read",
            "payhook.ops.tokens.support.token=" + GatewayTest.OPERATE_TOKEN,
            "payhook.ops.tokens.support.roles=read,operate",
            "payhook.ops.tokens.finance.token=" + GatewayTest.REFUND_TOKEN,
            "payhook.ops.tokens.finance.roles=read,refund",
            "payhook.ops.tokens.shop.token=" + GatewayTest.ORDERS_TOKEN,
            "payhook.ops.tokens.shop.roles=orders",
            "payhook.ops.port=0",
            "payhook.events.subscribers=" + GatewayTest.SUBSCRIBER,
            // a route of a test's own that fails is retried twice, soon (ReadmeRouteTest)
            "payhook.events.retry-schedule=300ms,300ms",
            "payhook.outbox.poll-interval=50ms",
            // the test client connects over loopback, as a load balancer would (ClientAddressTest)
            "payhook.ingress.trusted-proxies=127.0.0.1/32,::1/128",
            // a body still arriving after this is cut (SlowBodyTest), well before a test's deadline
            "payhook.ingress.body-timeout=3s",
            "payhook.processing.max-attempts=3",
            // entitlements that end with a grace or a paid period end within a test's deadline
            "payhook.subscriptions.check-interval=500ms",
            // the reconciler runs when a test asks; its calls give up quickly against a failing stub
            "payhook.reconcile.scheduled=false",
            "payhook.reconcile.http-timeout=1s",
            // a return's lookup is waited for as long as a loaded CI machine may take
            "payhook.reconcile.return-wait=20s",
            "payhook.reconcile.initial-backoff=20ms",
            // refund requests are called, and asked about again, within a test's deadline
            "payhook.refunds.poll-interval=100ms",
            "payhook.refunds.follow-up=1s",
            "payhook.providers.stripe.return.success-url=https://shop.example.test/thanks",
            "payhook.providers.stripe.return.failure-url=https://shop.example.test/payment-problem",
            "payhook.providers.esewa.return.success-url=https://shop.example.test/esewa/thanks",
            "payhook.providers.esewa.return.failure-url=https://shop.example.test/esewa/problem",
            "payhook.providers.imepay.return.success-url=https://shop.example.test/imepay/thanks",
            "payhook.providers.imepay.return.failure-url=https://shop.example.test/imepay/problem",
            "payhook.providers.imepay.return.pending-url=https://shop.example.test/imepay/checking",
            "payhook.providers.khalti.return.success-url=https://shop.example.test/khalti/thanks",
            "payhook.providers.khalti.return.failure-url=https://shop.example.test/khalti/problem",
            "payhook.providers.khalti.return.pending-url=https://shop.example.test/khalti/checking",
            "payhook.products.paddle.pro_01test000000000000000000=book-1",
            // our accounts, as the fixtures name them: a notification for another one has no effect
            "payhook.providers.stripe.accounts.account=acct_T3stConnected",
            "payhook.providers.dodo.accounts.business-id=bus_T3stBusiness",
            "payhook.providers.adyen.accounts.merchant-account=PayhookTestMerchant,PayhookOtherOwnAccount",
            "payhook.providers.alipay.accounts.app-id=2021000000000000",
            "payhook.providers.alipay.accounts.seller-id=2088102176027680",
            "payhook.providers.wechatpay.accounts.mchid=1900000109",
            "payhook.providers.wechatpay.accounts.appid=wxd678efh567hg6787",
            "payhook.products.dodo.pdt_T3stProduct=book-1",
            "payhook.providers.razorpay.accounts.account-id=acc_T3stAccount01",
            // a notification of an unsigned provider within this of the last is held, not dropped, for as long
            "payhook.ingress.thin-dedupe-window=3s",
            // a Stripe account whose webhooks are taken only from the addresses Stripe would send from
            "payhook.providers." + GatewayTest.FENCED + ".scheme=stripe",
            "payhook.providers." + GatewayTest.FENCED + ".allowed-sources=203.0.113.0/24, 2001:db8::/32",
            "payhook.providers.retired.scheme=stripe",
            "payhook.providers.retired.enabled=false",
            "payhook.providers.paypal.webhook-id=" + GatewayTest.PAYPAL_WEBHOOK_ID,
            "payhook.providers.paypal-online.scheme=paypal-cert",
            "payhook.providers.paypal-online.webhook-id=" + GatewayTest.PAYPAL_WEBHOOK_ID,
            // a Standard Webhooks sender with its own JSON, added by configuration alone
            "payhook.providers.acme.scheme=standard-webhooks",
            "payhook.providers.acme.format=mapped",
            "payhook.providers.acme.secrets[0]=" + GatewayTest.ACME_SECRET,
            "payhook.providers.acme.secrets[1]=" + GatewayTest.ACME_PREVIOUS_SECRET,
            "payhook.providers.acme.mapping.event-type=/type",
            "payhook.providers.acme.mapping.types[charge.paid]=payment.succeeded",
            "payhook.providers.acme.mapping.types[charge.failed]=payment.failed",
            "payhook.providers.acme.mapping.types[charge.refunded]=refund.succeeded",
            "payhook.providers.acme.mapping.order-id=/data/reference",
            "payhook.providers.acme.mapping.payment-id=/data/charge_id",
            "payhook.providers.acme.mapping.refund-id=/data/refund_id",
            "payhook.providers.acme.mapping.amount=/data/amount",
            "payhook.providers.acme.mapping.amount-unit=minor",
            "payhook.providers.acme.mapping.currency=/data/currency",
            "payhook.providers.acme.mapping.occurred-at=/created_at"
        })
public abstract class GatewayTest {

    protected static final Duration DEADLINE = Duration.ofSeconds(30);

    @LocalServerPort
    protected int port;

    @Autowired
    protected JdbcTemplate jdbc;

    @Autowired
    private Listeners listeners;

    protected Gateway gateway;

    /** Both secrets of every provider, so rotation is exercised everywhere. */
    /** The merchant's HTTP endpoint every test's messages are delivered to ({@link MerchantReceiver}). */
    public static final String ENDPOINT = "shop";

    @DynamicPropertySource
    static void merchantEndpoint(DynamicPropertyRegistry registry) {
        String prefix = "payhook.deliveries." + ENDPOINT;
        registry.add(prefix + ".url", () -> MerchantReceiver.url(ENDPOINT));
        registry.add(prefix + ".allow-insecure", () -> "true");
        registry.add(prefix + ".secrets[0]", () -> MerchantReceiver.SECRET);
        registry.add(prefix + ".secrets[1]", () -> MerchantReceiver.PREVIOUS_SECRET);
        // a failing message is failed within a test's deadline
        registry.add(prefix + ".retry-schedule", () -> "500ms,1s");
        registry.add(prefix + ".timeout", () -> "6s");
        // a second endpoint of the merchant's, for order events only, that waits out an outage
        String audit = "payhook.deliveries." + AUDIT_ENDPOINT;
        registry.add(audit + ".url", () -> MerchantReceiver.url(AUDIT_ENDPOINT));
        registry.add(audit + ".allow-insecure", () -> "true");
        registry.add(audit + ".secrets[0]", () -> MerchantReceiver.SECRET);
        registry.add(audit + ".types", () -> "order.*");
        registry.add(audit + ".retry-schedule", () -> "1s,2s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s,3s");
        registry.add(audit + ".timeout", () -> "2s");
    }

    /** The merchant's endpoint for order events, with a schedule that outlasts a test's outage. */
    public static final String AUDIT_ENDPOINT = "audit";

    @DynamicPropertySource
    static void providerSecrets(DynamicPropertyRegistry registry) {
        for (TestProvider p : TestProvider.values()) {
            registry.add("payhook.providers." + p.id + ".secrets[0]", () -> p.secret);
            registry.add("payhook.providers." + p.id + ".secrets[1]", () -> p.previousSecret);
        }
        registry.add("payhook.providers." + FENCED + ".secrets[0]", () -> TestProvider.STRIPE.secret);
        registry.add("payhook.providers.adyen.secrets[0]", () -> ADYEN_KEY);
        registry.add("payhook.providers.adyen.secrets[1]", () -> ADYEN_PREVIOUS_KEY);
        registry.add("payhook.providers.alipay.public-keys[0]", () -> TestKeys.publicKey(TestKeys.CURRENT));
        registry.add("payhook.providers.alipay.public-keys[1]", () -> TestKeys.publicKey(TestKeys.PREVIOUS));
        // the current WeChat Pay key the way config/application.yml names it, the previous one directly
        registry.add("WECHATPAY_SERIAL", () -> WECHATPAY_SERIAL);
        registry.add("WECHATPAY_PLATFORM_PUBLIC_KEY", () -> TestKeys.publicKey(TestKeys.CURRENT));
        registry.add(
                "payhook.providers.wechatpay.platform-keys." + WECHATPAY_PREVIOUS_SERIAL,
                () -> TestKeys.publicKey(TestKeys.PREVIOUS));
        registry.add("WECHATPAY_API_V3_KEY", () -> WECHATPAY_API_V3_KEY);
        // PayPal's signing certificates pinned: the current one and the one being rotated out
        registry.add("payhook.providers.paypal.certificates[0]", () -> PaypalKeys.certificate("current"));
        registry.add("payhook.providers.paypal.certificates[1]", () -> PaypalKeys.certificate("previous"));
        registry.add("payhook.providers.stripe.api.key", () -> ApiStubs.STRIPE_KEY);
        registry.add("payhook.providers.stripe.api.base-url", () -> ApiStubs.baseUrl("stripe"));
        registry.add("payhook.providers.paddle.api.key", () -> ApiStubs.PADDLE_KEY);
        registry.add("payhook.providers.paddle.api.base-url", () -> ApiStubs.baseUrl("paddle"));
        registry.add("payhook.providers.dodo.api.key", () -> ApiStubs.DODO_KEY);
        registry.add("payhook.providers.dodo.api.base-url", () -> ApiStubs.baseUrl("dodo"));
        registry.add("payhook.providers.razorpay.api.key-id", () -> ApiStubs.RAZORPAY_KEY_ID);
        registry.add("payhook.providers.razorpay.api.key-secret", () -> ApiStubs.RAZORPAY_KEY_SECRET);
        registry.add("payhook.providers.razorpay.api.base-url", () -> ApiStubs.baseUrl("razorpay"));
        registry.add("payhook.providers.alipay.api.base-url", () -> ApiStubs.baseUrl("alipay") + "/gateway.do");
        registry.add("payhook.providers.alipay.api.app-id", () -> ApiStubs.ALIPAY_APP_ID);
        registry.add("payhook.providers.alipay.api.private-key", () -> TestKeys.privateKey(TestKeys.MERCHANT));
        registry.add("payhook.providers.wechatpay.api.base-url", () -> ApiStubs.baseUrl("wechatpay"));
        registry.add("payhook.providers.wechatpay.api.mchid", () -> ApiStubs.WECHATPAY_MCHID);
        registry.add("payhook.providers.wechatpay.api.merchant-serial", () -> ApiStubs.WECHATPAY_MERCHANT_SERIAL);
        registry.add("payhook.providers.wechatpay.api.private-key", () -> TestKeys.privateKey(TestKeys.MERCHANT));
        registry.add("payhook.providers.paypal.api.base-url", () -> ApiStubs.baseUrl("paypal"));
        registry.add("payhook.providers.adyen.api.base-url", () -> ApiStubs.baseUrl("adyen"));
        registry.add("payhook.providers.adyen.api.key", () -> ApiStubs.ADYEN_API_KEY);
        registry.add("payhook.providers.adyen.api.merchant-account", () -> ApiStubs.ADYEN_MERCHANT_ACCOUNT);
        registry.add("ESEWA_SECRET_KEY", () -> ESEWA_SECRET);
        registry.add("ESEWA_PRODUCT_CODE", () -> ESEWA_PRODUCT_CODE);
        registry.add("payhook.providers.esewa.api.base-url", () -> ApiStubs.baseUrl("esewa"));
        registry.add("IMEPAY_MERCHANT_CODE", () -> ApiStubs.IMEPAY_MERCHANT_CODE);
        registry.add("IMEPAY_MODULE", () -> ApiStubs.IMEPAY_MODULE);
        registry.add("IMEPAY_API_USER", () -> ApiStubs.IMEPAY_USER);
        registry.add("IMEPAY_API_PASSWORD", () -> ApiStubs.IMEPAY_PASSWORD);
        registry.add("payhook.providers.imepay.api.base-url", () -> ApiStubs.baseUrl("imepay"));
        registry.add("KHALTI_SECRET_KEY", () -> ApiStubs.KHALTI_SECRET);
        registry.add("payhook.providers.khalti.api.base-url", () -> ApiStubs.baseUrl("khalti"));
        registry.add("MOLLIE_API_KEY", () -> ApiStubs.MOLLIE_KEY);
        registry.add("payhook.providers.mollie.api.base-url", () -> ApiStubs.baseUrl("mollie"));
        registry.add("payhook.providers.paypal.api.client-id", () -> ApiStubs.PAYPAL_CLIENT_ID);
        registry.add("payhook.providers.paypal.api.client-secret", () -> ApiStubs.PAYPAL_CLIENT_SECRET);
    }

    /** A Stripe-scheme provider with {@code allowed-sources}, signed with Stripe's test secret. */
    public static final String FENCED = "fenced";

    public static final String READ_TOKEN = "dashboard-read-only-0123456789abcdef0123";
    public static final String OPERATE_TOKEN = "support-read-operate-0123456789abcdef012";
    public static final String REFUND_TOKEN = "finance-read-refund-0123456789abcdef0123";
    public static final String ORDERS_TOKEN = "shop-backend-orders-0123456789abcdef01234";

    /** A merchant consumer of payhook.events with its durable queue. */
    public static final String SUBSCRIBER = "merchant-test";

    public static final String PAYPAL_WEBHOOK_ID = "8PT597110X687430LKGECATA";
    /** eSewa's published UAT secret key and test product code. */
    public static final String ESEWA_SECRET = "8gBm/:&EnhH.1/q";

    public static final String ESEWA_PRODUCT_CODE = "EPAYTEST";
    public static final String ACME_SECRET = "whsec_YWNtZS10ZXN0LXNlbmRlci1zZWNyZXQta2V5LTAx";
    public static final String ACME_PREVIOUS_SECRET = "whsec_YWNtZS1wcmV2aW91cy1zZW5kZXItc2VjcmV0LWtleQ==";
    public static final String ADYEN_KEY = "0A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F9";
    public static final String ADYEN_PREVIOUS_KEY = "F9E8D7C6B5A4938271605F4E3D2C1B0AF9E8D7C6B5A4938271605F4E3D2C1B0A";
    public static final String WECHATPAY_SERIAL = "5157F09EFDC096DE15EBE81A47057A72TESTCURR";
    public static final String WECHATPAY_PREVIOUS_SERIAL = "3775B6A45ACD588826D15E583A95F5DDTESTPREV";
    public static final String WECHATPAY_API_V3_KEY = "PayhookTestApiV3Key0123456789abc";

    @BeforeEach
    void connect() {
        gateway = new Gateway(port, listeners.managementPort());
    }

    /**
     * Every message written to payhook.events since the last check (this test's, and what a test
     * before it left in flight) keeps its contract: exactly one schema of docs/events/ takes it.
     */
    @AfterEach
    void publishedMessagesKeepTheirContracts() {
        assertThat(EventContracts.unkept(jdbc, "gateway on port " + port))
                .as("messages on payhook.events that fit no schema of docs/events/ (or several)")
                .isEmpty();
    }

    protected static String unique(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    protected JsonNode awaitOrder(String orderId, String status) {
        await().atMost(DEADLINE)
                .until(() -> status.equals(gateway.order(orderId).path("status").asString()));
        return gateway.order(orderId);
    }

    /** Starts a reconciliation run as ops would; its id. */
    protected UUID reconcile(String json) {
        Gateway.Answer started = gateway.call("POST", "/ops/reconcile", json);
        if (started.status() != 202) {
            throw new AssertionError("POST /ops/reconcile answered " + started.status() + ": " + started.body());
        }
        return UUID.fromString(started.json().path("run_id").asString());
    }

    /** The run's report once it finished. */
    protected JsonNode awaitRun(UUID run) {
        await().atMost(DEADLINE)
                .until(() -> !"running"
                        .equals(gateway.get("/ops/reconcile/" + run)
                                .json()
                                .path("status")
                                .asString()));
        return gateway.get("/ops/reconcile/" + run).json();
    }

    /**
     * A second account of a provider, {@code own}, beside {@code other}: its webhook ({@code body}
     * with {@code headers}) is refused at the other's endpoint and pays {@code order} at its own,
     * the payment being its.
     */
    protected void assertTakenOnlyByItsOwnAccount(
            String order, byte[] body, Map<String, String> headers, String own, String other) {
        assertThat(gateway.post("/webhooks/" + other, "application/json", body, headers)
                        .status())
                .as("signed for " + own + ", sent to " + other)
                .isEqualTo(401);
        assertThat(gateway.post("/webhooks/" + own, "application/json", body, headers)
                        .status())
                .isEqualTo(200);
        JsonNode paid = awaitOrder(order, "paid");
        assertThat(paid.path("payments").get(0).path("provider").asString()).isEqualTo(own);
    }

    /** A customer's refund of {@code amountMinor} of a payment, asked as finance asks it ({@code POST /ops/refunds}). */
    protected Gateway.Answer askRefund(String provider, String providerPaymentId, long amountMinor) {
        return gateway.withToken(REFUND_TOKEN)
                .call(
                        "POST",
                        "/ops/refunds",
                        "{\"provider\":\"" + provider + "\",\"provider_payment_id\":\"" + providerPaymentId
                                + "\",\"amount_minor\":" + amountMinor + ",\"reason\":\"requested_by_customer\"}");
    }

    /** A run that found the payment of {@code order} no webhook brought: applied, paid, entitled, once. */
    protected void assertFoundThePayment(JsonNode run, String order) {
        assertThat(run.path("status").asString()).isEqualTo("done");
        assertThat(run.path("applied").asInt()).isEqualTo(1);
        JsonNode paid = gateway.order(order);
        assertThat(paid.path("status").asString()).isEqualTo("paid");
        assertThat(paid.path("entitlement").path("status").asString()).isEqualTo("active");
        assertThat(paid.path("payments")).hasSize(1);
    }

    /** Reconciling {@code order} again, with the provider saying the same, changes nothing. */
    protected void assertAskedAgainUnchanged(String order) {
        JsonNode again = awaitRun(reconcile("{\"order_id\":\"" + order + "\"}"));
        assertThat(again.path("status").asString()).isEqualTo("done");
        assertThat(again.path("applied").asInt()).isZero();
        assertThat(again.path("unchanged").asInt()).isEqualTo(1);
    }

    /** A run that failed as it must: its error names {@code reasons}, the order is as it was, no fact was kept. */
    protected void assertFailedChangingNothing(JsonNode run, String order, String... reasons) {
        assertThat(run.path("status").asString()).isEqualTo("failed");
        for (String reason : reasons) {
            assertThat(run.path("error").asString()).contains(reason);
        }
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count("SELECT count(*) FROM receipts WHERE order_id = ? AND source = 'reconciler'", order))
                .isZero();
    }

    protected int count(String sql, Object... args) {
        Integer n = jdbc.queryForObject(sql, Integer.class, args);
        return n == null ? 0 : n;
    }

    /** The dead letter of {@code provider}'s event {@code eventId}, once processing wrote it. */
    protected JsonNode awaitDeadLetter(String provider, String eventId) {
        AtomicReference<JsonNode> found = new AtomicReference<>();
        await().atMost(DEADLINE).until(() -> {
            for (JsonNode d : deadLetters("all")) {
                if (d.path("provider").asString().equals(provider)
                        && d.path("event_id").asString().equals(eventId)) {
                    found.set(d);
                    return true;
                }
            }
            return false;
        });
        return found.get();
    }

    /** Every dead letter of {@code status}, read page by page as the API serves them. */
    protected List<JsonNode> deadLetters(String status) {
        List<JsonNode> all = new ArrayList<>();
        String after = "";
        while (true) {
            JsonNode page = gateway.get("/ops/dead-letters?status=" + status + "&limit=1000" + after)
                    .json();
            page.forEach(all::add);
            if (page.size() < 1000) {
                return all;
            }
            after = "&after=" + page.get(page.size() - 1).path("id").asString();
        }
    }

    protected void awaitReceipts(String provider, String eventId, int n) {
        await().atMost(DEADLINE)
                .until(() -> count(
                                "SELECT count(*) FROM receipts WHERE provider = ? AND event_id = ? AND outcome <> 'received'",
                                provider,
                                eventId)
                        == n);
    }

    /**
     * {@code order} (registered here) paid twice through {@code provider}, the second time by
     * {@code extraPayment}: the id of the double-payment review it opens, once open.
     */
    protected long payTwice(
            TestProvider provider, String order, String extraPayment, long amountMinor, String currency) {
        gateway.putOrder(order, amountMinor, currency);
        Instant at = Instant.now();
        String first = unique("evt");
        gateway.deliver(provider, first, provider.payment(first, unique("pay"), order, amountMinor, currency, at));
        String second = unique("evt");
        gateway.deliver(
                provider,
                second,
                provider.payment(second, extraPayment, order, amountMinor, currency, at.plusSeconds(30)));
        return await().atMost(DEADLINE)
                .until(
                        () -> gateway.order(order)
                                .path("reviews")
                                .path(0)
                                .path("id")
                                .asLong(),
                        id -> id > 0);
    }
}
