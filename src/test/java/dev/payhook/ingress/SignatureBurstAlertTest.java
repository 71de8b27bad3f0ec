package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.test.context.TestPropertySource;

/** A burst of refused signatures is an anomaly ops hear about on payhook.alerts, not only in the log. */
@TestPropertySource(properties = {"payhook.alerts.signature-burst=3", "payhook.alerts.signature-window=10m"})
class SignatureBurstAlertTest extends GatewayTest {

    @Autowired
    JmsTemplate jms;

    @Test
    void burstOfForgedWebhooksRaisesOneAlert() throws JMSException {
        TestProvider p = TestProvider.PADDLE;
        for (int i = 0; i < 6; i++) {
            String event = unique("evt");
            byte[] body = p.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
            assertThat(gateway.webhook(
                                    p,
                                    body,
                                    p.sign(
                                            "pdl_forged_secret",
                                            event,
                                            Instant.now().getEpochSecond(),
                                            body))
                            .status())
                    .isEqualTo(401);
        }
        jms.setReceiveTimeout(DEADLINE.toMillis());
        TextMessage alert = (TextMessage)
                jms.receiveSelected("payhook.alerts", "PayhookKey LIKE 'alert:signature_failure_burst:paddle:%'");
        assertThat(alert).isNotNull();
        assertThat(alert.getText()).contains("signature_failure_burst").doesNotContain("pdl_forged_secret");
    }
}
