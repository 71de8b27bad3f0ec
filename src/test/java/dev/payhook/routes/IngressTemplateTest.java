package dev.payhook.routes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.ingress.IngressRoutes;
import dev.payhook.ingress.IngressSteps;
import dev.payhook.provider.WebhookRejected;
import java.util.ArrayList;
import java.util.List;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.model.ModelCamelContext;
import org.apache.camel.spi.Registry;
import org.junit.jupiter.api.Test;

/**
 * routes/templates/ingress.yaml as Camel runs it, with the steps IngressSteps puts first in it, the
 * ingress bean stubbed and the broker a mock: the provider hears "accepted" only after the send went
 * through, and a refusal or a failed send never reaches that step.
 */
class IngressTemplateTest extends YamlRouteTest {

    /** The ingress bean's three steps, recording which ran. */
    public static class Steps {
        final List<String> ran = new ArrayList<>();

        public void admit(Exchange exchange) {
            ran.add("admit");
            if (exchange.getIn().getHeader("forged") != null) {
                throw new WebhookRejected("signature_mismatch");
            }
        }

        public void accepted(Exchange exchange) {
            ran.add("accepted");
            exchange.getMessage().setBody("accepted");
        }

        public void refused(Exchange exchange) {
            Exception e = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
            ran.add("refused:" + e.getClass().getSimpleName());
            exchange.getMessage().setBody("refused");
        }
    }

    private final Steps steps = new Steps();

    @Override
    protected String[] files() {
        return new String[] {"routes/templates/ingress.yaml"};
    }

    @Override
    protected void addRoutes(CamelContext context) {
        // as the gateway makes it for an enabled provider, Payhook's steps first
        ((ModelCamelContext) context).addModelLifecycleStrategy(new IngressSteps());
        IngressRoutes.add(context, "stripe");
    }

    @Override
    protected String route() {
        return "ingress-stripe";
    }

    @Override
    protected String from() {
        return "direct:webhook";
    }

    @Override
    protected void bindToRegistry(Registry registry) {
        registry.bind("ingress", steps);
        // the ingress's own JMS component, as IngressConnection declares it; the mock stands in for its sends
        registry.bind("ingressJms", new JmsComponent());
    }

    private MockEndpoint inbound() {
        return getMockEndpoint("mock:ingressJms:queue:payhook.inbound");
    }

    @Test
    void theProviderIsAnsweredOnlyAfterTheSend() throws Exception {
        inbound().expectedMessageCount(1);
        Object answer = template.requestBody("direct:webhook", "{}");
        inbound().assertIsSatisfied();
        assertThat(answer).isEqualTo("accepted");
        assertThat(steps.ran).containsExactly("admit", "accepted");
    }

    @Test
    void aRefusalNeverReachesTheBroker() throws Exception {
        inbound().expectedMessageCount(0);
        Object answer = template.requestBodyAndHeader("direct:webhook", "{}", "forged", "yes");
        inbound().assertIsSatisfied();
        assertThat(answer).isEqualTo("refused");
        assertThat(steps.ran).containsExactly("admit", "refused:WebhookRejected");
    }

    @Test
    void aFailedSendIsRefusedNeverAccepted() {
        inbound().whenAnyExchangeReceived(exchange -> {
            throw new IllegalStateException("the broker did not acknowledge");
        });
        Object answer = template.requestBody("direct:webhook", "{}");
        assertThat(answer).isEqualTo("refused");
        assertThat(steps.ran).containsExactly("admit", "refused:IllegalStateException");
    }
}
