package dev.payhook.processing;

import dev.payhook.config.PayhookProperties;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.ServiceStatus;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * {@code processing} in /actuator/health and its readiness group: DOWN while no route consumes
 * payhook.inbound, whatever the reason (a route file that replaced processing's, a stopped route):
 * webhooks would still be answered 2xx and wait, unprocessed, and the instance is not ready. An
 * instance whose processing is off by {@code payhook.processing.enabled=false} (one that only
 * takes webhooks) is as its operator said: UP, saying so.
 */
@Component("processingHealthIndicator")
class ProcessingHealth implements HealthIndicator {

    /** The route of routes/processing.yaml that consumes payhook.inbound. */
    static final String ROUTE = "processing";

    private final ObjectProvider<CamelContext> camel;
    private final boolean enabled;

    ProcessingHealth(ObjectProvider<CamelContext> camel, PayhookProperties properties) {
        this.camel = camel;
        this.enabled = properties.getProcessing().isEnabled();
    }

    @Override
    public Health health() {
        if (!enabled) {
            return Health.up()
                    .withDetail(
                            "reason",
                            "off by payhook.processing.enabled=false: accepted webhooks wait on payhook.inbound")
                    .build();
        }
        CamelContext context = camel.getIfAvailable();
        Route route = context == null ? null : context.getRoute(ROUTE);
        ServiceStatus status =
                route == null ? null : context.getRouteController().getRouteStatus(ROUTE);
        if (status == ServiceStatus.Started) {
            return Health.up().build();
        }
        return Health.down()
                .withDetail(
                        "reason",
                        route == null
                                ? "no route " + ROUTE + ": payhook.inbound is not consumed (routes/processing.yaml)"
                                : "route " + ROUTE + " is " + status + ": payhook.inbound is not consumed")
                .build();
    }
}
