package dev.payhook.provider.wechatpay;

import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.ProviderScenarios;
import dev.payhook.support.Signer;
import dev.payhook.support.TestKeys;
import dev.payhook.support.WechatPayApiStubs;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * WeChat Pay API v3: RSA over timestamp, nonce and body with the platform key named by serial, own
 * timestamp tolerance, the resource kept encrypted until processing decrypts it with the API v3 key.
 */
class WechatPayNotificationTest extends ProviderScenarios {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    protected String provider() {
        return "wechatpay";
    }

    private static String rfc3339(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.ofHours(8)).withNano(0).toString();
    }

    /** The encrypted notification body, as WeChat Pay builds it. */
    static byte[] body(
            String eventId,
            String eventType,
            String resourceFixture,
            Map<String, Object> resource,
            String apiV3Key,
            Instant at) {
        String nonce = unique("n").substring(0, 12);
        String aad = eventType.startsWith("REFUND") ? "refund" : "transaction";
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("event_id", eventId);
        v.put("create_time", rfc3339(at));
        v.put("event_type", eventType);
        v.put("summary", eventType.startsWith("REFUND") ? "退款成功" : "支付成功");
        v.put("original_type", aad);
        Map<String, Object> fields = new LinkedHashMap<>(resource);
        fields.putIfAbsent("mchid", "1900000109");
        v.put("ciphertext", Signer.aesGcm(apiV3Key, nonce, aad, Fixtures.load(resourceFixture, fields)));
        v.put("associated_data", aad);
        v.put("nonce", nonce);
        return Fixtures.load("wechatpay/notification.json", v);
    }

    static Map<String, String> headers(PrivateKey key, String serial, long timestamp, byte[] body) {
        String nonce = unique("nonce");
        ByteArrayOutputStream signed = new ByteArrayOutputStream();
        signed.writeBytes((timestamp + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8));
        signed.writeBytes(body);
        signed.write('\n');
        return Map.of(
                "Wechatpay-Timestamp",
                Long.toString(timestamp),
                "Wechatpay-Nonce",
                nonce,
                "Wechatpay-Signature",
                Signer.rsa(key, signed.toByteArray()),
                "Wechatpay-Serial",
                serial,
                "Wechatpay-Signature-Type",
                "WECHATPAY2-SHA256-RSA2048");
    }

    private static Notification signed(String eventId, byte[] body) {
        return new Notification(
                eventId,
                "application/json",
                body,
                headers(
                        TestKeys.CURRENT.getPrivate(),
                        WECHATPAY_SERIAL,
                        Instant.now().getEpochSecond(),
                        body));
    }

    private static byte[] paymentBody(
            String eventId, String order, String payment, long amount, Instant at, String apiV3Key) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("order_id", order);
        r.put("payment_id", payment);
        r.put("amount", amount);
        r.put("success_time", rfc3339(at));
        return body(eventId, "TRANSACTION.SUCCESS", "wechatpay/transaction.json", r, apiV3Key, at);
    }

    /** Signed by WeChat Pay, for another merchant's transaction. */
    @Override
    protected Notification forAnotherAccount(String order, String payment, long amount) {
        String id = unique("wx");
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("order_id", order);
        r.put("payment_id", payment);
        r.put("amount", amount);
        r.put("success_time", rfc3339(Instant.now()));
        r.put("mchid", "1230000109");
        return signed(
                id,
                body(id, "TRANSACTION.SUCCESS", "wechatpay/transaction.json", r, WECHATPAY_API_V3_KEY, Instant.now()));
    }

    @Override
    protected Notification payment(String order, String payment, long amount, Instant at) {
        String id = unique("wx");
        return signed(id, paymentBody(id, order, payment, amount, at, WECHATPAY_API_V3_KEY));
    }

    @Override
    protected Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at) {
        String id = unique("wx");
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("order_id", order);
        r.put("payment_id", payment);
        r.put("refund_id", unique("50300"));
        r.put("refund_status", "SUCCESS");
        r.put("total", captured);
        r.put("amount", amount);
        r.put("success_time", rfc3339(at));
        return signed(id, body(id, "REFUND.SUCCESS", "wechatpay/refund.json", r, WECHATPAY_API_V3_KEY, at));
    }

    @Test
    void aDoublePaymentIsRefundedThroughTheRefundApiUnderItsOutRefundNo() throws Exception {
        String order = unique("ord");
        String extra = unique("4200");
        String refund = unique("50300");
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("refund_id", refund);
        r.put("reference", "payhook-any");
        r.put("payment_id", extra);
        r.put("order_id", order);
        r.put("success_time", rfc3339(Instant.now()));
        r.put("status", "SUCCESS");
        r.put("total", 100);
        r.put("amount", 100);
        String answer = new String(Fixtures.load("wechatpay/api/refund.json", r), StandardCharsets.UTF_8);
        ApiStubs.server()
                .stubFor(post(urlPathEqualTo("/wechatpay/v3/refund/domestic/refunds"))
                        .withRequestBody(containing(extra))
                        .willReturn(WechatPayApiStubs.signed(answer, TestKeys.CURRENT.getPrivate())));

        JsonNode done = refundedFromItsReview(order, extra, 100, submitted -> {});

        assertThat(done.path("provider_refund_id").asString()).isEqualTo(refund);
        List<LoggedRequest> calls = ApiStubs.server()
                .findAll(postRequestedFor(urlPathEqualTo("/wechatpay/v3/refund/domestic/refunds"))
                        .withRequestBody(containing(extra)));
        assertThat(calls).hasSize(1);
        assertThat(WechatPayApiStubs.signedByMerchant(calls.get(0))).isTrue();
        JsonNode sent = JSON.readTree(calls.get(0).getBodyAsString());
        assertThat(sent.path("out_refund_no").asString())
                .isEqualTo("payhook-" + done.path("id").asString());
        assertThat(sent.path("transaction_id").asString()).isEqualTo(extra);
        assertThat(sent.path("amount").path("refund").asLong()).isEqualTo(100);
        assertThat(sent.path("amount").path("total").asLong()).isEqualTo(100);
        assertThat(sent.path("amount").path("currency").asString()).isEqualTo("CNY");
    }

    @Override
    protected void assertAccepted(Answer answer) {
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.body()).isEmpty();
    }

    @Override
    protected void assertRefused(Answer answer) {
        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().path("code").asString()).isEqualTo("FAIL");
        assertThat(answer.json().path("message").asString()).isNotBlank();
    }

    private static Notification signedAs(Notification n, PrivateKey key, String serial, long skew) {
        return new Notification(
                n.eventId(),
                n.contentType(),
                n.body(),
                headers(key, serial, Instant.now().plusSeconds(skew).getEpochSecond(), n.body()));
    }

    @Override
    protected Map<String, Notification> forgeries(String order, long amount) {
        Notification n = payment(order, unique("pay"), amount, Instant.now());
        Map<String, Notification> forged = new LinkedHashMap<>();
        byte[] tampered = new String(n.body(), StandardCharsets.UTF_8)
                .replace("支付成功", "支付失败")
                .getBytes(StandardCharsets.UTF_8);
        forged.put("one changed byte", new Notification(n.eventId(), n.contentType(), tampered, n.headers()));
        JsonMapper json = JsonMapper.builder().build();
        forged.put(
                "the same JSON re-serialised",
                new Notification(
                        n.eventId(), n.contentType(), json.writeValueAsBytes(json.readTree(n.body())), n.headers()));
        forged.put("another key", signedAs(n, TestKeys.FORGER.getPrivate(), WECHATPAY_SERIAL, 0));
        Map<String, String> noSignature = new LinkedHashMap<>(n.headers());
        noSignature.remove("Wechatpay-Signature");
        forged.put("no signature", new Notification(n.eventId(), n.contentType(), n.body(), noSignature));
        // past the 300 s tolerance, with room for whole seconds
        forged.put("a timestamp 305 s old", signedAs(n, TestKeys.CURRENT.getPrivate(), WECHATPAY_SERIAL, -305));
        forged.put("a timestamp 305 s ahead", signedAs(n, TestKeys.CURRENT.getPrivate(), WECHATPAY_SERIAL, 305));
        forged.put(
                "the previous key under the current serial",
                signedAs(n, TestKeys.PREVIOUS.getPrivate(), WECHATPAY_SERIAL, 0));
        return forged;
    }

    /** The previous platform key, under its own serial. */
    @Override
    protected Notification signedWithPreviousKey(String order, String payment, long amount, Instant at) {
        return signedAs(
                payment(order, payment, amount, at), TestKeys.PREVIOUS.getPrivate(), WECHATPAY_PREVIOUS_SERIAL, 0);
    }

    @Test
    void anUnknownSerialIsRefusedWithAClearReason() {
        String order = unique("ord");
        gateway.putOrder(order, 1200, "CNY");
        Notification n = payment(order, unique("pay"), 1200, Instant.now());
        Answer answer = send(new Notification(
                n.eventId(),
                n.contentType(),
                n.body(),
                headers(
                        TestKeys.CURRENT.getPrivate(),
                        "0000UNKNOWNSERIAL",
                        Instant.now().getEpochSecond(),
                        n.body())));
        assertRefused(answer);
        assertThat(answer.json().path("message").asString()).isEqualTo("unknown_wechatpay_serial");
    }

    @Test
    @ExtendWith(OutputCaptureExtension.class)
    void theEvidenceKeepsTheResourceEncryptedAndAnUndecryptableOneIsDeadLettered(CapturedOutput output) {
        String order = unique("ord"), id = unique("wx");
        gateway.putOrder(order, 700, "CNY");
        Notification n = signed(
                id, paymentBody(id, order, unique("pay"), 700, Instant.now(), "AnotherMerchantsApiV3Key01234567"));
        assertAccepted(send(n));
        awaitReceipts("wechatpay", id, 1);
        assertThat(count(
                        "SELECT count(*) FROM receipts WHERE provider = 'wechatpay' AND event_id = ? AND outcome = 'dead_lettered'"
                                + " AND reason = 'unparseable' AND position(convert_to(?, 'UTF8') in body) = 0",
                        id,
                        order))
                .isEqualTo(1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(output.getAll())
                .contains("Dead-lettered")
                .doesNotContain(order)
                .doesNotContain(WECHATPAY_API_V3_KEY)
                .doesNotContain(n.headers().get("Wechatpay-Signature"));
    }
}
