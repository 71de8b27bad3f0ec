package dev.payhook.ingress;

import dev.payhook.broker.Destination;
import dev.payhook.config.EndpointUris;
import dev.payhook.config.RouteAdditions;
import dev.payhook.config.SetupFailure;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.ExpressionBuilder;
import org.apache.camel.model.BeanDefinition;
import org.apache.camel.model.ProcessorDefinition;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.TryDefinition;
import org.apache.camel.model.language.SimpleExpression;
import org.springframework.stereotype.Component;

/**
 * The ingress is Payhook's, whatever route serves {@code /webhooks/<provider>}: as each such route is
 * added (routes/templates/ingress.yaml's, or an integrator's under routes/providers/), at start and
 * at reload, its own steps are put after Payhook's: verify the raw bytes, hold to the limits,
 * persist the envelope to payhook.inbound and answer; a refused request ends there, answered and
 * kept. The route's own steps see only a request already persisted, and cannot skip any of it. A
 * route that calls the ingress steps itself, or serves a path under /webhooks/ that names no
 * provider, is refused with its file and line.
 */
@Component
public class IngressSteps extends RouteAdditions {

    /** The bean of the ingress steps, {@link WebhookIngress}. */
    static final String BEAN = "ingress";

    /** The id of the first of the steps, which tells a route that has them. */
    private static final String MARK = "payhook-ingress-provider";

    private static final Pattern WEBHOOKS =
            Pattern.compile("^(?:platform-http|rest:/*[a-z]+):/*webhooks(?:/|$)([^?]*)");
    private static final Pattern PROVIDER = Pattern.compile("[A-Za-z0-9_-]+");

    @Override
    public void onAddRouteDefinition(RouteDefinition route) {
        if (route.getInput() == null || route.getInput().getUri() == null) {
            return;
        }
        String written = route.getInput().getUri();
        Optional<String> served = served(EndpointUris.consumed(route));
        if (served.isEmpty()) {
            return;
        }
        String provider = served.get();
        if (!PROVIDER.matcher(provider).matches()) {
            throw refused(route, written, "serves /webhooks/" + provider + ", which names no provider");
        }
        List<ProcessorDefinition<?>> outputs = route.getOutputs();
        // a route put back after a refused reload has the steps already
        boolean stepped = !outputs.isEmpty() && MARK.equals(outputs.get(0).getId());
        if (calls(stepped ? outputs.subList(2, outputs.size()) : outputs)) {
            throw refused(route, written, "calls the ingress bean itself, which Payhook runs before the route's steps");
        }
        if (!stepped) {
            outputs.addAll(0, steps(provider));
        }
        if (!route.isCreatedFromTemplate()) {
            withdrawTemplates(route.getCamelContext(), provider);
        }
    }

    /**
     * A route file that serves a provider's path takes it over from the template's route: two consumers of
     * one path would leave it unserved when either goes.
     */
    private static void withdrawTemplates(CamelContext camel, String provider) {
        String id = IngressRoutes.routeId(provider);
        if (camel == null || camel.getRoute(id) == null) {
            return;
        }
        try {
            camel.getRouteController().stopRoute(id);
            camel.removeRoute(id);
        } catch (Exception e) {
            throw new IllegalStateException("the template's route " + id + " could not make way", e);
        }
    }

    /** What an endpoint URI serves under /webhooks/ (a provider's name, where the route is right); empty elsewhere. */
    static Optional<String> served(String uri) {
        Matcher webhooks = WEBHOOKS.matcher(uri);
        return webhooks.find() ? Optional.of(webhooks.group(1)) : Optional.empty();
    }

    /** Verify, persist, answer; refused: answered and kept, and the route ends. */
    private static List<ProcessorDefinition<?>> steps(String provider) {
        RouteDefinition steps = new RouteDefinition();
        TryDefinition attempt = steps.setProperty(
                        WebhookIngress.PROVIDER, ExpressionBuilder.constantExpression(provider))
                .doTry();
        attempt.bean(BEAN, "admit");
        // an unsigned notification naming an object already due to be fetched adds nothing
        attempt.filter(new SimpleExpression("${exchangeProperty." + WebhookIngress.COALESCED + "} != true"))
                // the ingress's own connection: gives up after payhook.ingress.send-timeout (503, never a late 2xx)
                .to(IngressConnection.COMPONENT + ":queue:{{" + Destination.INBOUND.property()
                        + "}}?exchangePattern=InOnly&deliveryPersistent=true&jmsMessageType=Bytes");
        attempt.bean(BEAN, "accepted");
        attempt.doCatch(Exception.class).bean(BEAN, "refused").stop();
        steps.getOutputs().get(0).setId(MARK);
        return List.copyOf(steps.getOutputs());
    }

    private static boolean calls(List<ProcessorDefinition<?>> steps) {
        for (ProcessorDefinition<?> step : steps) {
            if ((step instanceof BeanDefinition bean && BEAN.equals(bean.getRef())) || calls(step.getOutputs())) {
                return true;
            }
        }
        return false;
    }

    private static SetupFailure refused(RouteDefinition route, String uri, String why) {
        return refused(
                route,
                uri,
                why,
                "serve /webhooks/<provider> with the route's own steps alone: Payhook verifies, persists and"
                        + " answers before them (docs/integrating.md#what-stays-payhooks)");
    }
}
