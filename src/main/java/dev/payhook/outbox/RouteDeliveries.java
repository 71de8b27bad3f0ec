package dev.payhook.outbox;

import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.Delivery;
import dev.payhook.store.DeliveryStore.State;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.spi.CamelEvent;
import org.apache.camel.spi.CamelEvent.ExchangeEvent;
import org.apache.camel.support.EventNotifierSupport;
import org.apache.camel.support.service.ServiceHelper;
import org.springframework.stereotype.Component;

/**
 * What a route of the merchant's own did with each message of its subscriber queue, for the record
 * ops read: delivered when the route completed it, retrying when it failed and its transaction rolled
 * back (the broker gives it again). A failure the route's failure handling took
 * (delivery/ConsumerFailures) is recorded there, as retrying or parked. The key and the attempts
 * are taken as the message arrives, before the route's steps can change or remove its headers.
 *
 * <p>It listens to Camel's exchange events only once a route of the merchant's own exists ({@link
 * #watch}, from {@link SubscriberRoutes}): a notifier in the context makes Camel raise events for
 * every exchange of every route, which cost the ingress a sixth of its CPU per payment where no such
 * route runs (bench/RESULTS.md, 2026-12-07). Not a Spring bean of Camel's notifier type, so Camel does
 * not register it at start by itself.
 */
@Component
public class RouteDeliveries {

    private static final String KEY = "payhookDeliveryKey";
    private static final String SUBSCRIBER = "payhookDeliverySubscriber";
    private static final String ATTEMPTS = "payhookDeliveryAttempts";

    private final SubscriberRoutes routes;
    private final DeliveryStore record;
    private final Clock clock;

    private final Notifier notifier = new Notifier();
    private final AtomicBoolean watching = new AtomicBoolean();

    public RouteDeliveries(SubscriberRoutes routes, DeliveryStore record, Clock clock) {
        this.routes = routes;
        this.record = record;
        this.clock = clock;
    }

    /** Starts listening to {@code camel}'s exchanges, once: a route of the merchant's own was added. */
    void watch(CamelContext camel) {
        if (watching.compareAndSet(false, true)) {
            ServiceHelper.startService(notifier);
            camel.getManagementStrategy().addEventNotifier(notifier);
        }
    }

    /** The exchange events of the merchant's own routes: created, completed, failed. */
    private final class Notifier extends EventNotifierSupport {

        Notifier() {
            setIgnoreCamelContextEvents(true);
            setIgnoreRouteEvents(true);
            setIgnoreServiceEvents(true);
            setIgnoreStepEvents(true);
            setIgnoreExchangeSendingEvents(true);
            setIgnoreExchangeSentEvents(true);
            setIgnoreExchangeRedeliveryEvents(true);
            setIgnoreExchangeAsyncProcessingStartedEvents(true);
        }

        @Override
        public boolean isEnabled(CamelEvent event) {
            if (!(event instanceof ExchangeEvent e)) {
                return false;
            }
            return event.getType() == CamelEvent.Type.ExchangeCreated
                    ? routes.subscriberOf(e.getExchange().getFromRouteId()).isPresent()
                    : e.getExchange().getProperty(SUBSCRIBER) != null;
        }

        @Override
        public void notify(CamelEvent event) {
            Exchange exchange = ((ExchangeEvent) event).getExchange();
            switch (event.getType()) {
                case ExchangeCreated ->
                    routes.subscriberOf(exchange.getFromRouteId()).ifPresent(s -> {
                        exchange.setProperty(SUBSCRIBER, s);
                        exchange.setProperty(KEY, exchange.getIn().getHeader(EventSubscribers.KEY, String.class));
                        exchange.setProperty(ATTEMPTS, attempts(exchange));
                    });
                case ExchangeCompleted -> {
                    if (!exchange.getExchangeExtension().isFailureHandled()) {
                        done(exchange, State.DELIVERED, null);
                    }
                }
                case ExchangeFailed ->
                    done(
                            exchange,
                            State.RETRYING,
                            exchange.getException() == null
                                    ? "failed"
                                    : exchange.getException().getClass().getSimpleName());
                default -> {}
            }
        }
    }

    private void done(Exchange exchange, State state, String lastResult) {
        String subscriber = exchange.getProperty(SUBSCRIBER, String.class);
        if (subscriber == null) {
            return;
        }
        record.record(
                exchange.getProperty(KEY, String.class),
                new Delivery(
                        subscriber, state, exchange.getProperty(ATTEMPTS, Integer.class), lastResult, clock.instant()));
    }

    /** The attempts earlier copies made, and this copy's deliveries by the broker. */
    private static int attempts(Exchange exchange) {
        return Optional.ofNullable(exchange.getIn().getHeader(EventSubscribers.ATTEMPTS, Integer.class))
                        .orElse(0)
                + Optional.ofNullable(exchange.getIn().getHeader("JMSXDeliveryCount", Integer.class))
                        .orElse(1);
    }
}
