package dev.payhook.provider.standardwebhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.standardwebhooks.Webhook;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SigningContract;
import dev.payhook.provider.WebhookRequest;
import java.net.http.HttpHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StandardWebhooksSigningTest extends SigningContract {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    @Override
    protected SignatureScheme scheme() {
        return StandardWebhooks.signature(
                "dodo", new HmacSecrets(List.of(SECRET), Duration.ofMinutes(5)), Clock.systemUTC());
    }

    @Override
    protected WebhookRequest signed(String body) {
        return request(
                "dodo",
                utf8(body),
                StandardWebhooksSignature.sign(SECRET, "msg_1", Instant.now().getEpochSecond(), utf8(body)));
    }

    @Override
    protected String body() {
        return "{\"type\":\"payment.succeeded\",\"data\":{\"total_amount\":" + AMOUNT + "}}";
    }

    /** The specification's own test vector (standard-webhooks, spec and libraries' tests). */
    @Test
    void theSpecificationsVectorIsReproduced() {
        assertThat(StandardWebhooksSignature.sign(
                                SECRET, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, utf8("{\"test\": 2432232314}"))
                        .get("webhook-signature"))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void theOfficialLibraryAcceptsTheHeaders() {
        Map<String, String> headers =
                StandardWebhooksSignature.sign(SECRET, "msg_2", Instant.now().getEpochSecond(), utf8(body()));
        HttpHeaders http = HttpHeaders.of(
                headers.entrySet().stream()
                        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, h -> List.of(h.getValue()))),
                (a, b) -> true);
        assertThatCode(() -> new Webhook(SECRET).verify(body(), http)).doesNotThrowAnyException();
    }
}
