package dev.payhook.provider.paypal;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.client.WireMock;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.Fixtures;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.PaypalKeys;
import dev.payhook.support.ProviderScenarios;
import dev.payhook.support.Signer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** PayPal through the contract every provider passes, plus the attacks on its certificate scheme. */
class PaypalScenariosTest extends ProviderScenarios {

    static final String CERT_URL = "https://api.paypal.com/v1/notifications/certs/CERT-payhook-test";

    @Override
    protected String provider() {
        return "paypal";
    }

    @Override
    protected String currency() {
        return "USD";
    }

    private static Map<String, Object> values(String eventId, String order, String payment, long amount, Instant at) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("event_id", eventId);
        v.put("order_id", order);
        v.put("payment_id", payment);
        v.put("value", BigDecimal.valueOf(amount, 2).toPlainString());
        v.put("currency", "USD");
        v.put("occurred_at", at.truncatedTo(ChronoUnit.MILLIS));
        return v;
    }

    /** As PayPal signs: transmission id | time | webhook id | CRC32 of the body, with a certificate's key. */
    static Map<String, String> headers(byte[] body, PrivateKey key, String webhookId, Instant sent, String certUrl) {
        String id = UUID.randomUUID().toString();
        String time = sent.truncatedTo(ChronoUnit.SECONDS).toString();
        CRC32 crc = new CRC32();
        crc.update(body);
        String signed = id + "|" + time + "|" + webhookId + "|" + crc.getValue();
        Map<String, String> h = new HashMap<>();
        h.put("PAYPAL-TRANSMISSION-ID", id);
        h.put("PAYPAL-TRANSMISSION-TIME", time);
        h.put("PAYPAL-TRANSMISSION-SIG", Signer.rsa(key, signed.getBytes(StandardCharsets.UTF_8)));
        h.put("PAYPAL-CERT-URL", certUrl);
        h.put("PAYPAL-AUTH-ALGO", "SHA256withRSA");
        h.put("PAYPAL-AUTH-VERSION", "v2");
        return h;
    }

    private static Notification signed(String eventId, byte[] body, String keyName) {
        return new Notification(
                eventId,
                "application/json",
                body,
                headers(body, PaypalKeys.key(keyName), GatewayTest.PAYPAL_WEBHOOK_ID, Instant.now(), CERT_URL));
    }

    private static byte[] capture(String eventId, String order, String payment, long amount, Instant at) {
        return Fixtures.sample("paypal", "PAYMENT.CAPTURE.COMPLETED", values(eventId, order, payment, amount, at));
    }

    @Override
    protected Notification payment(String order, String payment, long amount, Instant at) {
        String event = "WH-" + unique("pp");
        return signed(event, capture(event, order, payment, amount, at), "current");
    }

    /** A refund names its capture only through its link {@code up}. */
    @Override
    protected Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at) {
        String event = "WH-" + unique("pp");
        Map<String, Object> v = values(event, order, payment, amount, at);
        v.put("refund_id", unique("rf"));
        return signed(event, Fixtures.sample("paypal", "PAYMENT.CAPTURE.REFUNDED", v), "current");
    }

    @Override
    protected Notification signedWithPreviousKey(String order, String payment, long amount, Instant at) {
        String event = "WH-" + unique("pp");
        return signed(event, capture(event, order, payment, amount, at), "previous");
    }

    @Override
    protected Map<String, Notification> forgeries(String order, long amount) {
        Map<String, Notification> forged = new LinkedHashMap<>();
        String event = "WH-" + unique("pp");
        byte[] body = capture(event, order, unique("pay"), amount, Instant.now());
        Notification genuine = signed(event, body, "current");
        byte[] changed = new String(body, StandardCharsets.UTF_8)
                .replace("\"" + BigDecimal.valueOf(amount, 2).toPlainString() + "\"", "\"0.01\"")
                .getBytes(StandardCharsets.UTF_8);
        forged.put("one changed byte", new Notification(event, genuine.contentType(), changed, genuine.headers()));
        forged.put("another certificate", signed(event, body, "stranger"));
        forged.put(
                "another webhook id",
                new Notification(
                        event,
                        "application/json",
                        body,
                        headers(body, PaypalKeys.key("current"), "WH-SOMEONE-ELSE", Instant.now(), CERT_URL)));
        Map<String, String> unsigned = new HashMap<>(genuine.headers());
        unsigned.remove("PAYPAL-TRANSMISSION-SIG");
        forged.put("no signature", new Notification(event, "application/json", body, unsigned));
        forged.put(
                "a transmission time 305 s old",
                new Notification(
                        event,
                        "application/json",
                        body,
                        headers(
                                body,
                                PaypalKeys.key("current"),
                                GatewayTest.PAYPAL_WEBHOOK_ID,
                                Instant.now().minusSeconds(305),
                                CERT_URL)));
        return forged;
    }

    @Override
    protected void assertAccepted(Answer answer) {
        assertThat(answer.status()).isEqualTo(200);
    }

    @Override
    protected void assertRefused(Answer answer) {
        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().path("error").asString()).isNotBlank();
    }

    /** Without pinned certificates, a certificate URL off PayPal's API hosts is refused before any download. */
    @Test
    void aCertificateUrlOffPaypalsHostsIsRefusedWithoutADownload() {
        String foreign = ApiStubs.server().baseUrl() + "/paypal-certs/CERT-evil";
        ApiStubs.server()
                .stubFor(WireMock.get("/paypal-certs/CERT-evil")
                        .willReturn(WireMock.ok(PaypalKeys.certificate("stranger"))));
        for (String url : new String[] {
            foreign,
            foreign.replace("http://", "https://"),
            "http://api.paypal.com/v1/notifications/certs/CERT-x",
            "https://api.paypal.com.evil.example/v1/notifications/certs/CERT-x",
            "https://api.paypal.com@127.0.0.1/v1/notifications/certs/CERT-x"
        }) {
            String event = "WH-" + unique("pp");
            byte[] body = capture(event, unique("ord"), unique("pay"), 1000, Instant.now());
            Answer answer = gateway.post(
                    "/webhooks/paypal-online",
                    "application/json",
                    body,
                    headers(body, PaypalKeys.key("stranger"), GatewayTest.PAYPAL_WEBHOOK_ID, Instant.now(), url));
            assertThat(answer.status()).as(url).isEqualTo(401);
            assertThat(answer.json().path("error").asString()).as(url).isEqualTo("paypal_cert_url_not_allowed");
        }
        ApiStubs.server().verify(0, WireMock.getRequestedFor(WireMock.urlPathMatching("/paypal-certs/.*")));
    }
}
