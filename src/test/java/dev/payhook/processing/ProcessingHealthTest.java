package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.config.PayhookProperties;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * Processing's health says whether payhook.inbound is consumed when it should be: an instance
 * whose operator turned processing off is UP and says so, one whose processing route is missing is
 * DOWN and says why.
 */
class ProcessingHealthTest {

    @Test
    void processingTurnedOffByItsSettingIsUpAndSaysSo() {
        PayhookProperties off = new PayhookProperties();
        off.getProcessing().setEnabled(false);
        Health health = health(off);
        assertThat(health.getStatus()).isEqualTo(Status.UP);
        assertThat(health.getDetails().get("reason").toString()).contains("payhook.processing.enabled=false");
    }

    @Test
    void noProcessingRouteWhereOneShouldRunIsDown() {
        Health health = health(new PayhookProperties());
        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        assertThat(health.getDetails().get("reason").toString()).contains("payhook.inbound is not consumed");
    }

    /** Without a Camel context: no route consumes payhook.inbound. */
    private static Health health(PayhookProperties properties) {
        return new ProcessingHealth(new DefaultListableBeanFactory().getBeanProvider(CamelContext.class), properties)
                .health();
    }
}
