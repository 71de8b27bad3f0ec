package dev.payhook.provider.paddle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.provider.TimestampedHmacContract;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class PaddleSigningTest extends TimestampedHmacContract {

    PaddleSigningTest() {
        super(Paddle.SIGNATURE, secrets -> Paddle.signature("paddle", secrets, Clock.systemUTC()));
    }

    @Override
    protected String body() {
        return "{\"event_id\":\"evt_1\",\"event_type\":\"transaction.completed\",\"data\":{\"total\":\"" + AMOUNT
                + "\"}}";
    }

    /** The vector of Paddle's Python SDK (examples/webhook_verification.py, standard_payload.json). */
    @Test
    void paddlesSdkVectorIsReproduced() {
        String body = "{\"data\":{\"id\":\"ctm_01hs0tqf76sxmp7ba5e4mw1sc8\",\"name\":\"John Doe\","
                + "\"email\":\"blackhole+verification2@paddle.com\",\"locale\":\"en\",\"status\":\"active\","
                + "\"created_at\":\"2024-03-15T10:32:37.862Z\",\"updated_at\":\"2024-03-15T10:32:37.862Z\","
                + "\"custom_data\":null,\"import_meta\":null,\"marketing_consent\":false},"
                + "\"event_id\":\"evt_01hs0tqfme2xwb2hvwv87p8y3w\",\"event_type\":\"customer.created\","
                + "\"occurred_at\":\"2024-03-15T10:32:38.286848Z\","
                + "\"notification_id\":\"ntf_01hs0tqfrhgkyp39x4wyvy7h6n\"}";
        assertThat(Paddle.SIGNATURE.sign(
                        "pdl_ntfset_01hs0t3tw21j988db1pam5xg8m_GrOWLNef+vmtjJYq4mSnHNzvc8uWoJ1I",
                        1710498758,
                        utf8(body)))
                .isEqualTo("ts=1710498758;h1=558bf93944dbeb4790c7a8af6cb2ea435c8ca9c8396aafc1a4e37424ac132744");
    }
}
