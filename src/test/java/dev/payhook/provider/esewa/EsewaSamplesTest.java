package dev.payhook.provider.esewa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.payhook.payment.EventType;
import dev.payhook.provider.Fact;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.PaymentSnapshot;
import dev.payhook.provider.Reading;
import dev.payhook.provider.WebhookRejected;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * eSewa's published documentation samples (../shared/samples/esewa, when that folder exists): its
 * success return verifies with its published UAT secret, and one changed value does not; its status
 * answers read as Payhook's payment states.
 */
class EsewaSamplesTest {

    private static final Path DIR = Path.of("..", "shared", "samples", "esewa", "developer.esewa.com.np");
    private static final byte[] UAT_SECRET = "8gBm/:&EnhH.1/q".getBytes(StandardCharsets.UTF_8);

    @Test
    void thePublishedReturnVerifiesWithThePublishedSecret() throws IOException {
        assumeTrue(Files.isDirectory(DIR), "no ../shared/samples");
        byte[] published = Files.readAllBytes(DIR.resolve("success-redirect.decoded.json"));

        EsewaSignature.verify(published, UAT_SECRET);

        byte[] changed = new String(published, StandardCharsets.UTF_8)
                .replace("1000.0", "1000.00")
                .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> EsewaSignature.verify(changed, UAT_SECRET))
                .isInstanceOf(WebhookRejected.class)
                .hasMessage("invalid_signature");
        assertThatThrownBy(() -> EsewaSignature.verify(published, "another".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(WebhookRejected.class);
    }

    @Test
    void thePublishedStatusAnswersReadAsPaymentStates() throws IOException {
        assumeTrue(Files.isDirectory(DIR), "no ../shared/samples");
        assertThat(types("COMPLETE")).containsExactly(EventType.PAYMENT_SUCCEEDED);
        assertThat(types("PENDING")).containsExactly(EventType.PAYMENT_PENDING);
        assertThat(types("AMBIGUOUS")).containsExactly(EventType.PAYMENT_PENDING);
        assertThat(types("CANCELED")).containsExactly(EventType.PAYMENT_CANCELED);
        assertThat(types("FULL_REFUND")).containsExactly(EventType.PAYMENT_SUCCEEDED, EventType.REFUND_SUCCEEDED);
        assertThat(read("PARTIAL_REFUND").failure()).isNotNull();
        NormalizedEvent complete = read("COMPLETE").events().get(0);
        assertThat(complete.amountMinor()).isEqualTo(10000);
        assertThat(complete.orderId()).isEqualTo("240508-10108");
    }

    private static List<EventType> types(String status) throws IOException {
        return read(status).requireEvents().stream().map(NormalizedEvent::type).toList();
    }

    private static Reading read(String status) throws IOException {
        String answer = Files.readString(DIR.resolve("status-check." + status + ".json"));
        byte[] fact =
                ("{\"status\":" + answer + ",\"asked_at\":\"2026-12-01T10:00:00Z\"}").getBytes(StandardCharsets.UTF_8);
        return PaymentSnapshot.read(
                new Fact(EsewaApi.STATUS, fact), EsewaApi.STATUS, tree -> EsewaLookup.snapshot("esewa", tree));
    }
}
