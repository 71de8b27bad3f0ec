package dev.payhook.provider.wechatpay;

import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SigningContract;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.support.TestKeys;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.springframework.core.env.StandardEnvironment;

/** RSA: WeChat Pay's published notifications verify in PublishedRsaAndBatchSamplesTest, where ../shared/samples is. */
class WechatPaySigningTest extends SigningContract {

    @Override
    protected SignatureScheme scheme() {
        WechatPayKeys keys =
                new WechatPayKeys(Map.of("SERIAL1", TestKeys.publicKey(TestKeys.CURRENT)), Duration.ofMinutes(5));
        return WechatPay.signature("wechatpay", keys, Clock.systemUTC(), new StandardEnvironment());
    }

    @Override
    protected WebhookRequest signed(String body) {
        long now = Instant.now().getEpochSecond();
        return request(
                "wechatpay",
                body,
                b -> WechatPaySignature.sign(TestKeys.CURRENT.getPrivate(), "SERIAL1", now, "n0nce", b));
    }

    @Override
    protected String body() {
        return "{\"id\":\"evt-1\",\"event_type\":\"TRANSACTION.SUCCESS\",\"resource\":{\"ciphertext\":\"" + AMOUNT
                + "\"}}";
    }
}
