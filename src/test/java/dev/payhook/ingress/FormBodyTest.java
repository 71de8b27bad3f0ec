package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.provider.ProviderRegistry;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.Scrape;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.JsonNode;

/**
 * A body that claims to be a form is answered by Payhook, never by the HTTP binding's 500: 415 on a
 * provider that takes JSON, 400 {@code malformed_form_body} where the binding could not decode it,
 * each kept and counted like any refusal, and none of its bytes in the log.
 */
@ExtendWith(OutputCaptureExtension.class)
class FormBodyTest extends GatewayTest {

    private static final String FORM = "application/x-www-form-urlencoded";
    /** What curl sends with -d and no content type, each of which the binding failed on. */
    private static final List<String> NOT_PAIRS = List.of("x", "a=1&b", "{\"id\":\"evt_x\"}", "&a=1", "a=1&&b=2");

    @Autowired
    ProviderRegistry providers;

    @Test
    void aFormBodyOnAJsonProvidersPathIs415KeptAndCounted() {
        assertEveryNotPairIsRefusedKeptAndCounted("stripe", 415, "unsupported_content_type");
    }

    @Test
    void aFormTheBindingCannotDecodeIs400OnAFormProvidersPath() {
        assertEveryNotPairIsRefusedKeptAndCounted("alipay", 400, "malformed_form_body");
        // empty parameters at the end are never read: the route sees the form, and its signature decides
        assertThat(post("alipay", FORM, "sign=AAAA&sign_type=RSA2&&").status()).isEqualTo(401);
    }

    private void assertEveryNotPairIsRefusedKeptAndCounted(String provider, int status, String reason) {
        Instant since = Instant.now();
        double before = rejected(provider, reason);
        for (String body : NOT_PAIRS) {
            Answer answer = post(provider, FORM, body);
            assertThat(answer.status()).as(body).isEqualTo(status);
            assertThat(answer.json().path("error").asString()).isEqualTo(reason);
        }
        assertThat(rejected(provider, reason) - before).isEqualTo(NOT_PAIRS.size());
        assertThat(kept(provider, since, reason)).containsAll(NOT_PAIRS);
    }

    /** Whatever a provider's content type, a forged log line in a body never starts a line of the log. */
    @Test
    void aLogInjectionBodySentToEveryProviderNeverStartsALogLine(CapturedOutput output) {
        String forged = "2026-12-05T08:00:00.000Z ERROR 1 --- [payhook] [main] [] dev.payhook.FAKE : INJECTED";
        String marker = unique("Injected");
        List<String> bodies = List.of(
                "a\n" + forged + " " + marker,
                "a=1&b\n" + forged + " " + marker,
                "{\"id\":\"" + marker + "\n" + forged + "\"}",
                "a=%zz\n" + forged + " " + marker);
        for (String provider : providers.enabled().keySet()) {
            for (String type : List.of(FORM, "application/json", "text/plain")) {
                for (String body : bodies) {
                    Answer answer = post(provider, type, body);
                    assertThat(answer.status()).as(provider + " " + type).isBetween(200, 499);
                    assertThat(answer.headers().getOrDefault("content-type", List.of("application/json")))
                            .as(provider + " " + type + " answered " + answer.body())
                            .noneMatch(t -> t.contains("html"));
                }
            }
        }
        assertThat(output.getAll().lines()).noneMatch(line -> line.startsWith(forged.substring(0, 24)));
        assertThat(output.getAll()).doesNotContain(marker).doesNotContain("INJECTED");
    }

    private Answer post(String provider, String type, String body) {
        return gateway.post("/webhooks/" + provider, type, body.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    private double rejected(String provider, String reason) {
        return Scrape.of(gateway).value("payhook_ingress_rejected_total", "provider=" + provider, "reason=" + reason);
    }

    /** The bodies of {@code provider}'s refusals for {@code reason} kept since {@code since}. */
    private List<String> kept(String provider, Instant since, String reason) {
        JsonNode rows = gateway.get("/ops/refused?provider=" + provider + "&reason=" + reason + "&since=" + since)
                .json();
        return rows.valueStream()
                .map(row -> gateway.get("/ops/refused/" + row.path("id").asString())
                        .json()
                        .path("body")
                        .asString())
                .toList();
    }
}
