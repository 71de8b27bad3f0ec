package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * Signature headers and signed fields that no honest provider sends (overflowing or signed numbers,
 * empty parts, duplicate keys, huge values, charsets nobody uses) are refusals with a reason, for
 * every scheme: never a 503, which would tell the provider to retry and ops that the broker is down.
 */
class MalformedSignatureTest extends GatewayTest {

    private static final String MAX = "9223372036854775807";
    private static final String MIN = "-9223372036854775807";

    @Autowired
    MeterRegistry meters;

    private record Attempt(String provider, String contentType, String body, Map<String, String> headers) {}

    @Test
    void everySchemeRefusesMalformedSignatures() {
        String now = Long.toString(Instant.now().getEpochSecond());
        List<Attempt> attempts = new ArrayList<>();
        for (String header : List.of(
                "t=" + MAX + ",v1=00",
                "t=" + MIN + ",v1=00",
                "t=,v1=",
                "t=1e9,v1=00",
                "t=+" + now + ",v1=00",
                "t=" + now + ",t=" + now + ",v1=00",
                ",,,",
                "=",
                "t",
                "v1=" + "ab".repeat(3000),
                "t=" + now + ",v1=" + "0".repeat(5000))) {
            attempts.add(json("stripe", Map.of("Stripe-Signature", header)));
        }
        for (String header : List.of(
                "ts=" + MAX + ";h1=00",
                "ts=" + MIN + ";h1=00",
                "ts=;h1=",
                "ts=" + now + ";ts=" + now + ";h1=00",
                ";;;",
                "h1=zz")) {
            attempts.add(json("paddle", Map.of("Paddle-Signature", header)));
        }
        for (Map<String, String> h : List.of(
                webhook("msg_1", MAX, "v1,AAAA"),
                webhook("msg_1", MIN, "v1,AAAA"),
                webhook("msg_1", "1.5e9", "v1,AAAA"),
                webhook("msg_1", now, "v1,"),
                webhook("msg_1", now, "v1,!!!not-base64"),
                webhook("msg_1", now, "v2,AAAA v1"),
                webhook("msg_1", now, " "),
                webhook("m".repeat(4000), now, "v1,AAAA"))) {
            attempts.add(json("dodo", h));
        }
        for (String ts : List.of(MAX, MIN, "", "abc")) {
            attempts.add(json(
                    "wechatpay",
                    Map.of(
                            "Wechatpay-Timestamp",
                            ts,
                            "Wechatpay-Nonce",
                            "n",
                            "Wechatpay-Signature",
                            "AAAA",
                            "Wechatpay-Serial",
                            WECHATPAY_SERIAL)));
        }
        attempts.add(json(
                "wechatpay",
                Map.of(
                        "Wechatpay-Timestamp",
                        now,
                        "Wechatpay-Nonce",
                        "n",
                        "Wechatpay-Signature",
                        "!!!",
                        "Wechatpay-Serial",
                        WECHATPAY_SERIAL)));
        String item =
                "{\"NotificationRequestItem\":{\"pspReference\":\"p\",\"eventCode\":\"AUTHORISATION\",\"success\":\"true\","
                        + "\"eventDate\":\"2024-01-01T00:00:00+01:00\",\"amount\":{\"value\":%s,\"currency\":\"EUR\"},"
                        + "\"additionalData\":{\"hmacSignature\":\"%s\"}}}";
        for (String[] v : List.of(
                new String[] {"1e400", "AAAA"},
                new String[] {"99999999999999999999999", "AAAA"},
                new String[] {"-1", "!!!"},
                new String[] {"\"ten\"", "AAAA"})) {
            attempts.add(new Attempt(
                    "adyen",
                    "application/json",
                    "{\"live\":\"false\",\"notificationItems\":[" + item.formatted(v[0], v[1]) + "]}",
                    Map.of()));
        }
        for (String body : List.of(
                "{\"live\":\"false\",\"notificationItems\":[null]}", "{\"notificationItems\":\"x\"}", "[]", "")) {
            attempts.add(new Attempt("adyen", "application/json", body, Map.of()));
        }
        for (String body : List.of(
                "charset=x-JIS0208&sign=AAAA&sign_type=RSA2&notify_id=1",
                "charset=..%2f..&sign=AAAA&sign_type=RSA2",
                "notify_id=1&notify_id=2&sign=AAAA&sign_type=RSA2",
                "sign=&sign_type=RSA2",
                "sign=AAAA&sign_type=RSA2&a=" + "%ff".repeat(1000))) {
            attempts.add(new Attempt("alipay", "application/x-www-form-urlencoded", body, Map.of()));
        }

        double unavailableBefore = unavailable();
        List<String> notRefused = new ArrayList<>();
        for (Attempt a : attempts) {
            Answer answer = gateway.post(
                    "/webhooks/" + a.provider(),
                    a.contentType(),
                    a.body().getBytes(StandardCharsets.UTF_8),
                    a.headers());
            if (answer.status() != 401) {
                notRefused.add(a.provider() + " " + a.headers() + " " + abbreviate(a.body()) + " -> " + answer.status()
                        + " " + answer.body());
            }
        }
        assertThat(notRefused).as("malformed requests answered other than 401").isEmpty();
        // a body that is not even form encoding is refused before the route, which could not read it
        for (String body : List.of("notify_id=%zz&sign=AAAA&sign_type=RSA2", "sign=AAAA&sign_type=RSA2&a=%4")) {
            Answer broken = gateway.post(
                    "/webhooks/alipay",
                    "application/x-www-form-urlencoded",
                    body.getBytes(StandardCharsets.UTF_8),
                    Map.of());
            assertThat(broken.status()).as(body).isEqualTo(400);
            assertThat(broken.json().path("error").asString()).isEqualTo("malformed_form_body");
        }
        assertThat(unavailable())
                .as("no malformed request counted as a broker outage")
                .isEqualTo(unavailableBefore);
    }

    /**
     * A signature header sent twice is refused whichever comes first, the valid one or not, for
     * every scheme alike; the refusal keeps both values.
     */
    @Test
    void aDuplicatedSignatureHeaderIsRefusedInEitherOrder() {
        for (TestProvider p :
                List.of(TestProvider.STRIPE, TestProvider.PADDLE, TestProvider.DODO, TestProvider.RAZORPAY)) {
            String event = unique("evt");
            byte[] body = p.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
            Map<String, String> signed = p.sign(event, body);
            String header = signed.keySet().stream()
                    .filter(name -> name.toLowerCase(Locale.ROOT).contains("signature"))
                    .findFirst()
                    .orElseThrow();
            String good = signed.get(header);
            String bad = good.substring(0, good.length() - 2) + (good.endsWith("00") ? "11" : "00");
            Instant since = Instant.now().minusSeconds(1);
            for (List<String> order : List.of(List.of(bad, good), List.of(good, bad))) {
                List<Map.Entry<String, String>> lines = new ArrayList<>();
                signed.forEach((name, value) -> {
                    if (!name.equals(header)) {
                        lines.add(Map.entry(name, value));
                    }
                });
                order.forEach(value -> lines.add(Map.entry(header, value)));
                Answer answer = gateway.post("/webhooks/" + p.id, "application/json", body, lines);
                assertThat(answer.status()).as(p.id + " " + order).isEqualTo(400);
                assertThat(answer.json().path("error").asString()).isEqualTo("duplicate_signature_header");
            }
            JsonNode kept = gateway.get("/ops/refused/"
                            + gateway.get("/ops/refused?provider=" + p.id + "&reason=duplicate_signature_header&since="
                                            + since)
                                    .json()
                                    .path(0)
                                    .path("id")
                                    .asString())
                    .json();
            assertThat(kept.path("headers")
                            .path(header.toLowerCase(Locale.ROOT))
                            .asString())
                    .as(p.id + " keeps both values")
                    .isIn(bad + ", " + good, good + ", " + bad);
            assertThat(gateway.webhook(p, body, signed).status())
                    .as(p.id + " the good one alone")
                    .isEqualTo(200);
        }
    }

    private static Attempt json(String provider, Map<String, String> headers) {
        return new Attempt(provider, "application/json", "{\"id\":\"evt_malformed\",\"type\":\"x\"}", headers);
    }

    private static Map<String, String> webhook(String id, String timestamp, String signature) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("webhook-id", id);
        headers.put("webhook-timestamp", timestamp);
        headers.put("webhook-signature", signature);
        return headers;
    }

    private double unavailable() {
        return meters.find("payhook.ingress.unavailable").counters().stream()
                .mapToDouble(Counter::count)
                .sum();
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
