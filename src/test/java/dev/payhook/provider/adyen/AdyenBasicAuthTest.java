package dev.payhook.provider.adyen;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.support.AdyenBatch;
import dev.payhook.support.GatewayTest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With basic auth configured, a notification must carry it as well as valid item HMACs. */
class AdyenBasicAuthTest {

    private final SignatureScheme adyen = Adyen.signature("adyen", settings(), Clock.systemUTC());
    private final byte[] batch = AdyenBatch.batch(
            "false", List.of(AdyenNotificationTest.authorisation("ord-1", "psp-1", 100, "EUR", Instant.now())));

    private static AdyenSettings settings() {
        return new AdyenSettings(List.of(GatewayTest.ADYEN_KEY), "adyen-notifier", "s3cret:with-colon");
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theConfiguredCredentialsAreRequired() {
        assertThatCode(() -> adyen.verify(new WebhookRequest(
                        "adyen", batch, Map.of("authorization", basic("adyen-notifier", "s3cret:with-colon")))))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> adyen.verify(
                        new WebhookRequest("adyen", batch, Map.of("authorization", basic("adyen-notifier", "guess")))))
                .isInstanceOf(WebhookRejected.class)
                .hasMessage("basic_auth_mismatch");
        assertThatThrownBy(() -> adyen.verify(new WebhookRequest("adyen", batch, Map.of())))
                .isInstanceOf(WebhookRejected.class)
                .hasMessage("basic_auth_mismatch");
    }
}
