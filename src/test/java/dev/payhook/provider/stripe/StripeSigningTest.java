package dev.payhook.provider.stripe;

import static org.assertj.core.api.Assertions.assertThatCode;

import com.stripe.net.Webhook;
import dev.payhook.provider.TimestampedHmacContract;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StripeSigningTest extends TimestampedHmacContract {

    StripeSigningTest() {
        super(Stripe.SIGNATURE, secrets -> Stripe.signature("stripe", secrets, Clock.systemUTC()));
    }

    @Override
    protected String body() {
        return "{\"id\":\"evt_1\",\"object\":\"event\",\"data\":{\"object\":{\"amount\":" + AMOUNT + "}}}";
    }

    /** Stripe publishes no vector with a fixed secret: its official SDK's check is the vector. */
    @Test
    void stripesOfficialSdkAcceptsTheHeader() {
        String header = Stripe.SIGNATURE.sign(SECRET, Instant.now().getEpochSecond(), utf8(body()));
        assertThatCode(() -> Webhook.Signature.verifyHeader(body(), header, SECRET, 300))
                .doesNotThrowAnyException();
    }
}
