package dev.payhook.provider.alipay;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.AlipayApiStubs;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.ProviderScenarios;
import dev.payhook.support.Signer;
import dev.payhook.support.TestKeys;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Alipay asynchronous notifications: form POST, RSA2 over the sorted parameters, answer {@code success}. */
class AlipayNotificationTest extends ProviderScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final DateTimeFormatter BEIJING =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.of("Asia/Shanghai"));
    private static final String FORM = "application/x-www-form-urlencoded; charset=utf-8";

    @Override
    protected String provider() {
        return "alipay";
    }

    private static Map<String, String> params(String order, String payment, long amount, String status, Instant at) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("notify_id", unique("ntf"));
        v.put("order_id", order);
        v.put("payment_id", payment);
        v.put("total_amount", yuan(amount));
        v.put("trade_status", status);
        v.put("charset", "utf-8");
        v.put("gmt_create", BEIJING.format(at.minusSeconds(5)));
        v.put("gmt_payment", BEIJING.format(at));
        v.put("notify_time", BEIJING.format(at));
        Map<String, String> params = new LinkedHashMap<>();
        for (String line :
                new String(Fixtures.load("alipay/notify.params", v), StandardCharsets.UTF_8).split("\n", -1)) {
            if (!line.isBlank()) {
                int eq = line.indexOf('=');
                params.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return params;
    }

    static String yuan(long fen) {
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }

    /** Signs as Alipay does: sorted, k=v joined by &, without sign, sign_type and empty values. */
    static byte[] signedForm(Map<String, String> params, PrivateKey key, Charset bodyCharset) {
        return signedForm(params, key, bodyCharset, false);
    }

    /** {@code withSignType}: sign_type signed too, as the SDKs' rsaCheckV2 expects. */
    static byte[] signedForm(Map<String, String> params, PrivateKey key, Charset bodyCharset, boolean withSignType) {
        StringJoiner content = new StringJoiner("&");
        new TreeMap<>(params).forEach((k, v) -> {
            if (!k.equals("sign") && (withSignType || !k.equals("sign_type")) && !v.isEmpty()) {
                content.add(k + "=" + v);
            }
        });
        Charset declared = Charset.forName(params.getOrDefault("charset", "utf-8"));
        Map<String, String> signed = new LinkedHashMap<>(params);
        if (key != null) {
            signed.put("sign", Signer.rsa(key, content.toString().getBytes(declared)));
        }
        StringJoiner body = new StringJoiner("&");
        signed.forEach((k, v) -> body.add(URLEncoder.encode(k, bodyCharset) + "=" + URLEncoder.encode(v, bodyCharset)));
        return body.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static Notification notification(Map<String, String> params, PrivateKey key) {
        return new Notification(
                params.get("notify_id"), FORM, signedForm(params, key, StandardCharsets.UTF_8), Map.of());
    }

    /**
     * Alipay refunds under out_request_no, answering in-band and signed; the refund query, asked by
     * the same out_request_no, is the fact that settles the request.
     */
    @Test
    void aDoublePaymentIsRefundedUnderItsOutRequestNoAndSettledByTheRefundQuery() throws Exception {
        String order = unique("ord");
        String extra = unique("2026");
        PrivateKey alipay = TestKeys.CURRENT.getPrivate();
        String refunded = "{\"code\":\"10000\",\"msg\":\"Success\",\"buyer_logon_id\":\"buy***@example.test\","
                + "\"fund_change\":\"Y\",\"refund_fee\":\"18.00\",\"out_trade_no\":\"" + order
                + "\",\"trade_no\":\"" + extra + "\"}";
        String queried =
                "{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\"" + order + "\",\"trade_no\":\"" + extra
                        + "\",\"total_amount\":\"18.00\",\"refund_amount\":\"18.00\",\"refund_status\":\"REFUND_SUCCESS\"}";
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo("/alipay/gateway.do"))
                        .withFormParam("method", equalTo("alipay.trade.refund"))
                        .withFormParam("biz_content", containing(extra))
                        .willReturn(okJson(AlipayApiStubs.signed("alipay_trade_refund_response", refunded, alipay))));
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo("/alipay/gateway.do"))
                        .withFormParam("method", equalTo("alipay.trade.fastpay.refund.query"))
                        .withFormParam("biz_content", containing(extra))
                        .willReturn(okJson(
                                AlipayApiStubs.signed("alipay_trade_fastpay_refund_query_response", queried, alipay))));

        JsonNode done = refundedFromItsReview(order, extra, 1800, submitted -> {});

        String reference = "payhook-" + done.path("id").asString();
        assertThat(done.path("provider_refund_id").asString()).isEqualTo(reference);
        List<Map<String, String>> asked = ApiStubs.server()
                .findAll(postRequestedFor(urlPathEqualTo("/alipay/gateway.do"))
                        .withRequestBody(containing("alipay.trade.refund")))
                .stream()
                .map(r -> AlipayApiStubs.form(r.getBodyAsString()))
                .filter(f -> "alipay.trade.refund".equals(f.get("method"))
                        && f.get("biz_content").contains(extra))
                .toList();
        assertThat(asked).hasSize(1);
        assertThat(AlipayApiStubs.signedByMerchant(asked.get(0))).isTrue();
        assertThat(asked.get(0).get("app_id")).isEqualTo(ApiStubs.ALIPAY_APP_ID);
        JsonNode biz = JSON.readTree(asked.get(0).get("biz_content"));
        assertThat(biz.path("out_request_no").asString()).isEqualTo(reference);
        assertThat(biz.path("refund_amount").asString()).isEqualTo("18.00");
    }

    @Override
    protected Notification payment(String order, String payment, long amount, Instant at) {
        return notification(params(order, payment, amount, "TRADE_SUCCESS", at), TestKeys.CURRENT.getPrivate());
    }

    /** Signed by Alipay, for an app of another merchant. */
    @Override
    protected Notification forAnotherAccount(String order, String payment, long amount) {
        Map<String, String> p = params(order, payment, amount, "TRADE_SUCCESS", Instant.now());
        p.put("app_id", "2021009999999999");
        return notification(p, TestKeys.CURRENT.getPrivate());
    }

    /** Alipay's refund notification carries the trade's refunded total so far in refund_fee. */
    @Override
    protected Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at) {
        Map<String, String> p =
                params(order, payment, captured, refundedTotal == captured ? "TRADE_CLOSED" : "TRADE_SUCCESS", at);
        p.put("refund_fee", yuan(refundedTotal));
        p.put("out_biz_no", unique("rf"));
        p.put("gmt_refund", BEIJING.format(at));
        return notification(p, TestKeys.CURRENT.getPrivate());
    }

    @Override
    protected void assertAccepted(Answer answer) {
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("success");
    }

    @Override
    protected void assertRefused(Answer answer) {
        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.body()).isEqualTo("fail");
    }

    @Override
    protected Map<String, Notification> forgeries(String order, long amount) {
        Map<String, Notification> forged = new LinkedHashMap<>();
        Notification n = payment(order, unique("pay"), amount, Instant.now());
        String total = "total_amount=" + yuan(amount);
        byte[] tampered = new String(n.body(), StandardCharsets.US_ASCII)
                .replace(total, "total_amount=" + yuan(amount + 1))
                .getBytes(StandardCharsets.US_ASCII);
        forged.put("a changed parameter", new Notification(n.eventId(), FORM, tampered, Map.of()));
        forged.put(
                "another key",
                notification(
                        params(order, unique("pay"), amount, "TRADE_SUCCESS", Instant.now()),
                        TestKeys.FORGER.getPrivate()));
        forged.put("no sign", notification(params(order, unique("pay"), amount, "TRADE_SUCCESS", Instant.now()), null));
        Map<String, String> rsa1 = params(order, unique("pay"), amount, "TRADE_SUCCESS", Instant.now());
        rsa1.put("sign_type", "RSA");
        forged.put("sign_type RSA (SHA1)", notification(rsa1, TestKeys.CURRENT.getPrivate()));
        return forged;
    }

    @Override
    protected Notification signedWithPreviousKey(String order, String payment, long amount, Instant at) {
        return notification(params(order, payment, amount, "TRADE_SUCCESS", at), TestKeys.PREVIOUS.getPrivate());
    }

    /** The charset parameter decides how the bytes are read: a body re-encoded in another one does not verify. */
    @Test
    void aBodyReEncodedInAnotherCharsetIsRefusedAndTheNamedCharsetIsHonoured() {
        String order = unique("ord");
        gateway.putOrder(order, 1300, "CNY");
        Map<String, String> p = params(order, unique("pay"), 1300, "TRADE_SUCCESS", Instant.now());
        p.put("subject", "测试订单 Payhook");
        Charset gbk = Charset.forName("GBK");
        assertRefusedWithoutTrace(
                new Notification(p.get("notify_id"), FORM, signedForm(p, TestKeys.CURRENT.getPrivate(), gbk), Map.of()),
                order);

        p.put("charset", "gbk");
        assertAccepted(send(new Notification(
                p.get("notify_id"), FORM, signedForm(p, TestKeys.CURRENT.getPrivate(), gbk), Map.of())));
        awaitOrder(order, "paid");
    }

    /** Whatever refund_fee says, a trade Alipay closes after a refund was refunded in full. */
    @Test
    void aTradeClosedByARefundIsFullyRefunded() {
        String order = unique("ord"), payment = unique("pay");
        Instant t = Instant.now().minusSeconds(120);
        paidThenPartlyRefunded(order, payment, t);
        Map<String, String> closing = params(order, payment, 4000, "TRADE_CLOSED", t.plusSeconds(60));
        closing.put("refund_fee", yuan(3000));
        closing.put("out_biz_no", unique("rf"));
        closing.put("gmt_refund", BEIJING.format(t.plusSeconds(60)));
        assertAccepted(send(notification(closing, TestKeys.CURRENT.getPrivate())));
        assertThat(awaitOrder(order, "refunded")
                        .path("entitlement")
                        .path("status")
                        .asString())
                .isEqualTo("revoked");
    }

    /** Alipay documents gmt_refund as yyyy-MM-dd HH:mm:ss.S (e.g. 2015-04-28 15:45:57.320). */
    @Test
    void aRefundTimedToTheMillisecondIsApplied() {
        String order = unique("ord"), payment = unique("pay");
        Instant t = Instant.now().minusSeconds(120);
        gateway.putOrder(order, 4000, "CNY");
        assertAccepted(
                send(notification(params(order, payment, 4000, "TRADE_SUCCESS", t), TestKeys.CURRENT.getPrivate())));
        awaitOrder(order, "paid");
        Map<String, String> refund = params(order, payment, 4000, "TRADE_SUCCESS", t.plusSeconds(60));
        refund.put("refund_fee", yuan(1000));
        refund.put("out_biz_no", unique("rf"));
        refund.put(
                "gmt_refund",
                DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
                        .withZone(ZoneId.of("Asia/Shanghai"))
                        .format(t.plusSeconds(60).plusMillis(320)));
        assertAccepted(send(notification(refund, TestKeys.CURRENT.getPrivate())));
        JsonNode refunded = awaitOrder(order, "partially_refunded");
        assertThat(refunded.path("payments").get(0).path("refunded_minor").asLong())
                .isEqualTo(1000);
        assertThat(count(
                        "SELECT count(*) FROM receipts WHERE event_id = ? AND outcome = 'applied'",
                        refund.get("notify_id")))
                .isOne();
    }

    @Test
    void aSignatureThatAlsoCoversSignTypeIsAccepted() {
        String order = unique("ord");
        gateway.putOrder(order, 900, "CNY");
        Map<String, String> p = params(order, unique("pay"), 900, "TRADE_SUCCESS", Instant.now());
        assertAccepted(send(new Notification(
                p.get("notify_id"),
                FORM,
                signedForm(p, TestKeys.CURRENT.getPrivate(), StandardCharsets.UTF_8, true),
                Map.of())));
        awaitOrder(order, "paid");
    }

    @Test
    void aJsonBodyIsNotAnAlipayNotification() {
        Answer answer =
                gateway.post("/webhooks/alipay", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of());
        assertThat(answer.status()).isEqualTo(415);
    }
}
