package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** Refusals, dead letters and applied events are logged without secrets, signatures or bodies. */
@ExtendWith(OutputCaptureExtension.class)
class LogHygieneTest extends GatewayTest {

    @Test
    void noSecretSignatureOrBodyReachesTheLog(CapturedOutput output) {
        TestProvider stripe = TestProvider.STRIPE;
        String marker = "CardholderJaneDoe4242";
        String forged = unique("evt");
        byte[] forgedBody = stripe.payment(forged, unique("pay"), marker, 100, "USD", Instant.now());
        Map<String, String> wrong =
                stripe.sign("whsec_forger", forged, Instant.now().getEpochSecond(), forgedBody);
        assertThat(gateway.webhook(stripe, forgedBody, wrong).status()).isEqualTo(401);

        String broken = unique("evt");
        byte[] brokenBody =
                ("{\"id\":\"" + broken + "\",\"note\":\"" + marker + "\"}").getBytes(StandardCharsets.UTF_8);
        Map<String, String> valid = stripe.sign(broken, brokenBody);
        assertThat(gateway.webhook(stripe, brokenBody, valid).status()).isEqualTo(200);
        awaitReceipts("stripe", broken, 1);

        assertThat(output.getAll())
                .contains("signature_mismatch")
                .contains("Dead-lettered")
                .doesNotContain(marker)
                .doesNotContain(stripe.secret)
                .doesNotContain("whsec_forger")
                .doesNotContain(wrong.get("Stripe-Signature"))
                .doesNotContain(valid.get("Stripe-Signature"));
    }

    /**
     * A dead letter for a known reason is one WARN line with its receipt, reason and trace id: no
     * ERROR, no stack trace, and not the words of a payload a parser quoted.
     */
    @Test
    void aDeadLetterForAKnownReasonIsOneLine(CapturedOutput output) {
        TestProvider stripe = TestProvider.STRIPE;
        String unknown = unique("evt");
        gateway.deliver(
                stripe, unknown, stripe.payment(unknown, unique("pay"), unique("ord"), 100, "USD", Instant.now()));
        String token = "tok_6011" + unique("x");
        String broken = unique("evt");
        byte[] notJson = ("{\"id\":\"" + broken + "\",\"type\":" + token + "}").getBytes(StandardCharsets.UTF_8);
        gateway.deliver(stripe, broken, notJson);
        await().atMost(DEADLINE)
                .until(() -> output.getAll().contains(": unknown_order (dead letter")
                        && output.getAll().contains(": unparseable (dead letter"));

        List<String> lines = output.getAll().lines().toList();
        assertThat(lines)
                .filteredOn(line -> line.contains("Dead-lettered receipt"))
                .allMatch(line -> line.contains(" WARN ") && line.matches(".*\\[[0-9a-f]{32}\\].*"));
        assertThat(lines).noneMatch(line -> line.contains(" ERROR ") || line.contains("TransactionErrorHandler"));
        assertThat(output.getAll()).doesNotContain(token);
    }

    /**
     * A form body on a JSON provider's path: 415 like any other wrong content type, and none of it
     * in the log (forged lines included), as PayPal's path too.
     */
    @Test
    void aFormBodyIsRefused415AndNeverLogged(CapturedOutput output) {
        String marker = "FormBodyMarker" + unique("m");
        byte[] form = ("note=" + marker + "%0D%0A2026-12-02 ERROR forged line&x=" + "y".repeat(300_000))
                .getBytes(StandardCharsets.UTF_8);

        for (String provider : new String[] {"stripe", "paypal"}) {
            Answer answer = gateway.post("/webhooks/" + provider, "application/x-www-form-urlencoded", form, Map.of());
            assertThat(answer.status()).as(provider).isEqualTo(415);
            assertThat(answer.json().path("error").asString()).isEqualTo("unsupported_content_type");
        }
        assertThat(output.getAll()).doesNotContain(marker).doesNotContain("forged line");
    }

    /**
     * Line breaks in request values (a signed payload's ids, a payer's query) are written escaped:
     * nobody who can send a request can add a line to the log that reads as the gateway's own.
     */
    @Test
    void requestValuesNeverStartALogLine(CapturedOutput output) {
        String forged = "1999-01-01T00:00:00.000Z ERROR 1 --- [payhook] forged";
        TestProvider stripe = TestProvider.STRIPE;
        String event = unique("evt") + "\\r\\n" + forged + "-event";
        byte[] body = stripe.payment(event, unique("pay"), "ord\\n" + forged + "-order", 100, "USD", Instant.now());
        assertThat(gateway.deliver(stripe, event, body).status()).isEqualTo(200);
        String order = unique("ord");
        gateway.putOrder(order, 100, "USD");
        String query = "?order_id=" + order + URLEncoder.encode("\r\n" + forged + "-return", StandardCharsets.UTF_8);
        gateway.request("GET", "/returns/esewa" + query, Map.of());
        gateway.request("GET", "/returns/esewa/failure" + query, Map.of());
        await().atMost(DEADLINE).until(() -> output.getAll().contains("of stripe: invalid_identifier"));

        assertThat(output.getAll().lines()).noneMatch(line -> line.startsWith("1999-01-01"));
    }

    /**
     * An exception's message, or its cause's, that quotes a request cannot start a line either: in a
     * stack trace only the breaks before a frame, a cause or an exception's class are kept.
     */
    @Test
    void aLineBreakInAnExceptionsMessageIsWrittenEscaped(CapturedOutput output) {
        String forged = "1999-01-01T00:00:00.000Z ERROR 1 --- [payhook] forged";
        IllegalStateException failure = new IllegalStateException(
                "outer\n" + forged + "-outer", new IllegalArgumentException("inner\r\n" + forged + "-inner"));
        LoggerFactory.getLogger(LogHygieneTest.class).warn("an unexpected failure", failure);

        assertThat(output.getAll().lines()).noneMatch(line -> line.startsWith("1999-01-01"));
        assertThat(output.getAll())
                .contains("java.lang.IllegalStateException: outer\\n" + forged + "-outer")
                .contains("Caused by: java.lang.IllegalArgumentException: inner\\n" + forged + "-inner");
        assertThat(output.getAll().lines())
                .as("the frames keep their lines")
                .anyMatch(line -> line.startsWith("\tat dev.payhook.ingress.LogHygieneTest."));
    }

    /** Whatever reaches a message, a line break in it is written as {@code \\n} (config/application.yml). */
    @Test
    void aLineBreakInAMessageIsWrittenEscaped(CapturedOutput output) {
        LoggerFactory.getLogger(LogHygieneTest.class)
                .warn("first part\r\n1999-01-01T00:00:00.000Z ERROR 1 --- [payhook] forged\rlast");
        assertThat(output.getAll())
                .contains("first part\\n1999-01-01T00:00:00.000Z ERROR 1 --- [payhook] forged\\nlast");
        assertThat(output.getAll().lines()).noneMatch(line -> line.startsWith("1999-01-01"));
    }
}
