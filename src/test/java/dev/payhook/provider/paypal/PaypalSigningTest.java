package dev.payhook.provider.paypal;

import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SigningContract;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.support.PaypalKeys;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** RSA: PayPal's published notifications verify in PaypalSamplesTest, where ../shared/samples is. */
class PaypalSigningTest extends SigningContract {

    @Override
    protected SignatureScheme scheme() {
        return Paypal.signature(
                "paypal",
                new PaypalSettings("WH-1", List.of(PaypalKeys.certificate("current")), Duration.ofMinutes(5)),
                Clock.systemUTC());
    }

    @Override
    protected WebhookRequest signed(String body) {
        String url = PaypalScenariosTest.CERT_URL;
        return request(
                "paypal",
                body,
                b -> PaypalSignature.sign(PaypalKeys.key("current"), url, "tx-1", Instant.now(), "WH-1", b));
    }

    @Override
    protected String body() {
        return "{\"id\":\"WH-EVT-1\",\"event_type\":\"PAYMENT.CAPTURE.COMPLETED\",\"resource\":{\"amount\":{\"value\":\""
                + AMOUNT + "\"}}}";
    }
}
