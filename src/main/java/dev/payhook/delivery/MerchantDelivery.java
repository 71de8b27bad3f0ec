package dev.payhook.delivery;

import dev.payhook.outbox.EventSubscribers;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.State;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/**
 * The step of routes/templates/deliver-http.yaml: one attempt at a message, which says what becomes
 * of the message ({@value #NEXT}): done, a copy due again
 * after the schedule's next delay, or failed. The copies carry what the attempts need across them.
 */
@Component("merchantDelivery")
public class MerchantDelivery implements Processor {

    /** Which endpoint the route serves. */
    static final String ENDPOINT_PROPERTY = "merchantEndpoint";
    /** DONE, RETRY or FAILED ({@link Next}), read by the route delivery-outcome. */
    public static final String NEXT = "merchantNext";
    /** Where a copy due again goes: {@code topic:payhook.events::payhook.events.<subscriber>}. */
    static final String RETRY_TO = "payhookRetryTo";

    /** The message's stable id, sent as {@code webhook-id}. */
    public static final String KEY = EventSubscribers.KEY;

    public static final String TYPE = EventSubscribers.KIND;
    /** Attempts made before this copy. */
    public static final String ATTEMPTS = EventSubscribers.ATTEMPTS;
    /** When the outbox published the message (epoch millis): what the latency counts from. */
    public static final String PUBLISHED_AT = "PayhookPublishedAt";
    /** On a failed message: its endpoint, the last status or result, an excerpt of the last response, when. */
    public static final String ENDPOINT = "PayhookEndpoint";

    public static final String LAST_STATUS = "PayhookLastStatus";
    public static final String LAST_RESPONSE = "PayhookLastResponse";
    public static final String FAILED_AT = "PayhookFailedAt";

    /**
     * What becomes of the message after an attempt, for routes/consumers.yaml's route
     * {@code delivery-outcome}: nothing more, a copy back on the subscriber's queue alone, or the
     * copy parked on payhook.deliveries.failed.
     */
    public enum Next {
        DONE,
        RETRY,
        FAILED;

        /** Says this of the exchange, whose copy due again goes back on {@code subscriber}'s queue. */
        void set(Exchange exchange, String subscriber) {
            exchange.setProperty(NEXT, name());
            exchange.setProperty(RETRY_TO, "topic:" + EventSubscribers.fullyQualified(subscriber));
        }
    }

    /** An endpoint's meters, there at zero from the start so that a rule on increase() sees the first one. */
    private record Meters(Map<String, Counter> attempts, Counter failed, Timer latency) {}

    private static final List<String> RESULTS = List.of("2xx", "4xx", "5xx", "timeout", "error");

    private final Endpoints endpoints;
    private final Map<String, Meters> meters = new HashMap<>();
    private final DeliveryStore record;
    private final Clock clock;

    public MerchantDelivery(Endpoints endpoints, MeterRegistry registry, DeliveryStore record, Clock clock) {
        this.endpoints = endpoints;
        this.record = record;
        this.clock = clock;
        for (Endpoint e : endpoints.all()) {
            Map<String, Counter> attempts = new HashMap<>();
            for (String result : RESULTS) {
                attempts.put(
                        result,
                        Counter.builder("payhook.delivery.attempts")
                                .description(
                                        "attempts to deliver a message to a merchant's HTTP endpoint, by what they got")
                                .tag("endpoint", e.name())
                                .tag("result", result)
                                .register(registry));
            }
            Counter failed = Counter.builder("payhook.deliveries.failed")
                    .description("messages a merchant's endpoint did not take within its retry schedule")
                    .tag("endpoint", e.name())
                    .register(registry);
            Timer latency = Timer.builder("payhook.delivery.latency")
                    .description("from the message's publication to the endpoint's 2xx")
                    .tag("endpoint", e.name())
                    .publishPercentileHistogram()
                    .register(registry);
            meters.put(e.name(), new Meters(attempts, failed, latency));
        }
    }

    /** One attempt: a plain processor, as it runs for every message. */
    @Override
    public void process(Exchange exchange) {
        Endpoint endpoint = endpoint(exchange);
        org.apache.camel.Message m = exchange.getMessage();
        Carried carried = Carried.of(m, clock);

        Instant now = clock.instant();
        Answer answer = endpoint.post(
                carried.key(),
                carried.traceparent(),
                carried.body().getBytes(StandardCharsets.UTF_8),
                now.getEpochSecond());
        Meters meter = meters.get(endpoint.name());
        meter.attempts().get(answer.result()).increment();

        carried.writeTo(m);
        long publishedAt = carried.publishedAt();
        if (answer.taken()) {
            endpoint.succeeded(now);
            meter.latency().record(Duration.ofMillis(Math.max(0, clock.millis() - publishedAt)));
            record.record(carried.key(), carried.delivery(endpoint.name(), State.DELIVERED, null, now));
            Next.DONE.set(exchange, endpoint.name());
            return;
        }
        endpoint.failed(new Endpoint.DeliveryFailure(now, answer.statusOrResult()));
        Optional<Duration> retry = endpoint.retryAfter(carried.attempts());
        if (retry.isPresent()) {
            Carried.dueAt(m, clock.millis() + retry.get().toMillis());
            record.record(
                    carried.key(), carried.delivery(endpoint.name(), State.RETRYING, answer.statusOrResult(), now));
            Next.RETRY.set(exchange, endpoint.name());
            return;
        }
        Carried.failed(m, endpoint.name(), answer.statusOrResult(), answer.excerpt(), now.toEpochMilli());
        meter.failed().increment();
        Parking.said(
                carried.key(),
                "HTTP endpoint " + endpoint.name(),
                carried.attempts(),
                answer.status() != null
                        ? "answered HTTP " + answer.status()
                        : "got no answer (" + answer.result() + ")");
        record.record(carried.key(), carried.delivery(endpoint.name(), State.PARKED, answer.statusOrResult(), now));
        Next.FAILED.set(exchange, endpoint.name());
    }

    private Endpoint endpoint(Exchange exchange) {
        return endpoints.get(exchange.getProperty(ENDPOINT_PROPERTY, String.class));
    }
}
