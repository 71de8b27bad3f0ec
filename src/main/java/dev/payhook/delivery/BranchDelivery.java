package dev.payhook.delivery;

import dev.payhook.broker.Trace;
import dev.payhook.config.Branches;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.State;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The steps of routes/templates/branch.yaml around the integrator's endpoint: what it is given (the
 * event's JSON and a few headers, never what the broker added), and after a failure what becomes of
 * the event ({@value MerchantDelivery#NEXT}): a copy due again after the branch's next delay, or parked
 * with the failed HTTP deliveries, where ops see and replay it.
 */
@Component("branchDelivery")
public class BranchDelivery {

    /** Which branch the route serves. */
    static final String BRANCH_PROPERTY = "payhookBranch";

    /** Headers the integrator's endpoint gets. {@code <provider>:<event id>} is the idempotency key: a redelivery repeats it. */
    public static final String PROVIDER = "PayhookProvider";

    public static final String EVENT_TYPE = "PayhookEventType";
    public static final String EVENT_ID = "PayhookEventId";
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private static final String ORIGINAL = "payhookBranchOriginal";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Map<String, Branches.Branch> branches = new HashMap<>();
    private final Map<String, WebhookSigner> signers = new HashMap<>();
    private final Map<String, Counter> parked = new HashMap<>();
    private final Map<String, Attempts> attempts = new HashMap<>();
    private final DeliveryStore record;
    private final Parking parking;
    private final Clock clock;

    BranchDelivery(Branches configured, MeterRegistry registry, DeliveryStore record, Parking parking, Clock clock) {
        this.record = record;
        this.parking = parking;
        this.clock = clock;
        for (Branches.Branch b : configured.all()) {
            branches.put(b.name(), b);
            if (!b.secrets().isEmpty()) {
                signers.put(b.name(), new WebhookSigner(b.secrets()));
            }
            parked.put(
                    b.name(),
                    Counter.builder("payhook.branch.parked")
                            .description("events a branch's endpoint did not take within its retry schedule")
                            .tag("branch", b.name())
                            .register(registry));
            attempts.put(b.name(), new Attempts(attempt(registry, b, "attempted"), attempt(registry, b, "failed")));
        }
    }

    /** A branch's attempts, there at zero from the start so that a rule on increase() sees the first one. */
    private record Attempts(Counter attempted, Counter failed) {}

    private static Counter attempt(MeterRegistry registry, Branches.Branch b, String result) {
        return Counter.builder("payhook.branch.attempts")
                .description("attempts at giving a branch's endpoint an event, by result")
                .tag("branch", b.name())
                .tag("result", result)
                .register(registry);
    }

    /**
     * Keeps the message as it came, and gives the endpoint the message's JSON with its own headers
     * alone, read from the envelope's data; signed for this attempt when the branch has secrets, as
     * HTTP deliveries are: {@code webhook-id} is the idempotency key, the same on every attempt.
     */
    public void before(Exchange exchange) {
        org.apache.camel.Message m = exchange.getMessage();
        Carried original = Carried.of(m, clock);
        exchange.setProperty(ORIGINAL, original);
        JsonNode event = JSON.readTree(original.body()).path("data");
        m.removeHeaders("*");
        m.setBody(original.body());
        m.setHeader(Exchange.CONTENT_TYPE, "application/json");
        m.setHeader(PROVIDER, event.path("provider").asString());
        m.setHeader(EVENT_TYPE, event.path("type").asString());
        m.setHeader(EVENT_ID, event.path("event_id").asString());
        String key =
                event.path("provider").asString() + ":" + event.path("event_id").asString();
        m.setHeader(IDEMPOTENCY_KEY, key);
        WebhookSigner signer = signers.get(exchange.getProperty(BRANCH_PROPERTY, String.class));
        if (signer != null) {
            signer.headers(
                            key,
                            clock.instant().getEpochSecond(),
                            original.body().getBytes(StandardCharsets.UTF_8))
                    .forEach(m::setHeader);
        }
        if (original.traceparent() != null) {
            m.setHeader(Trace.TRACEPARENT, original.traceparent());
        }
        attempts.get(exchange.getProperty(BRANCH_PROPERTY, String.class))
                .attempted()
                .increment();
    }

    public void delivered(Exchange exchange) {
        Carried original = exchange.getProperty(ORIGINAL, Carried.class);
        String branch = exchange.getProperty(BRANCH_PROPERTY, String.class);
        record.record(original.key(), original.delivery(branch, State.DELIVERED, null, clock.instant()));
        MerchantDelivery.Next.DONE.set(exchange, branch);
    }

    /** The endpoint failed: the message as it came, one attempt more, due again or parked. */
    public void failed(Exchange exchange) {
        String branch = exchange.getProperty(BRANCH_PROPERTY, String.class);
        attempts.get(branch).failed().increment();
        parking.failed(
                exchange,
                exchange.getProperty(ORIGINAL, Carried.class),
                "branch " + branch,
                branch,
                branches.get(branch).retrySchedule(),
                parked.get(branch));
    }
}
