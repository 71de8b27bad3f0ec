package dev.payhook.provider.razorpay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SigningContract;
import dev.payhook.provider.WebhookRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RazorpaySigningTest extends SigningContract {

    private static final String SECRET = "razorpay_signing_test";

    @Override
    protected SignatureScheme scheme() {
        return new RazorpaySignature(new HmacSecrets(List.of(SECRET), Duration.ofMinutes(5)));
    }

    @Override
    protected WebhookRequest signed(String body) {
        return request("razorpay", utf8(body), RazorpaySignature.sign(SECRET, "evt_1", utf8(body)));
    }

    @Override
    protected String body() {
        return "{\"event\":\"payment.captured\",\"payload\":{\"payment\":{\"entity\":{\"amount\":" + AMOUNT + "}}}}";
    }

    /** The vector of Razorpay's Java SDK (UtilsTest.verifyWebhookSignature). */
    @Test
    void razorpaysSdkVectorIsReproduced() {
        assertThat(RazorpaySignature.sign("123456", "evt_1", utf8("{\"a\":1,\"b\":2,\"c\":{\"d\":3}}"))
                        .get(RazorpaySignature.HEADER))
                .isEqualTo("2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc");
    }
}
