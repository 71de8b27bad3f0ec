package dev.payhook.routes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.config.PayhookProperties;
import dev.payhook.processing.Failures;
import dev.payhook.processing.Retries;
import dev.payhook.provider.UnparseablePayload;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.spi.Registry;
import org.apache.camel.spring.spi.SpringTransactionPolicy;
import org.apache.camel.support.DefaultMessage;
import org.apache.camel.support.processor.idempotent.MemoryIdempotentRepository;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * routes/processing.yaml as Camel runs it, with the real failure judge and retry step and every
 * other step stubbed: evidence before events, one pass through the lock and the router per event,
 * a duplicate routed to its own step, a message that fails on its own dead-lettered to payhook.dlq
 * and consumed, one with attempts left put back on payhook.inbound alone while the rest of its
 * batch goes on, an infrastructure failure rethrown so the broker redelivers the batch.
 */
class ProcessingRouteTest extends YamlRouteTest {

    /** The beans the routes call, recording what ran. */
    public static class Steps {
        final List<String> ran = new ArrayList<>();

        public List<String> read(Exchange exchange) {
            ran.add("read");
            String fault = exchange.getIn().getHeader("fault", String.class);
            if ("poison".equals(fault)) {
                throw new UnparseablePayload("not the provider's format");
            }
            if ("bug".equals(fault)) {
                throw new IllegalStateException("a bug in an adapter");
            }
            if ("database".equals(fault)) {
                throw new CannotGetJdbcConnectionException("the database is down");
            }
            return List.of("evt_1", "evt_2");
        }

        public void record(Exchange exchange) {
            ran.add("evidence");
        }

        public List<String> events(Exchange exchange) {
            return exchange.getIn().getBody(List.class);
        }

        public void payment(Exchange exchange) {
            ran.add("payment:" + exchange.getIn().getBody(String.class));
        }

        public void duplicate(Exchange exchange) {
            ran.add("duplicate:" + exchange.getIn().getBody(String.class));
        }

        public void subscription(Exchange exchange) {
            ran.add("subscription:" + exchange.getIn().getBody(String.class));
        }

        public void rejected(Exchange exchange) {
            ran.add("rejected:" + exchange.getIn().getBody(String.class));
        }

        public void other(Exchange exchange) {
            ran.add("other:" + exchange.getIn().getBody(String.class));
        }

        public void deadLetter(Exchange exchange) {
            ran.add("dead-letter");
        }
    }

    /** The normalizer bean: reads a delivery, then hands out its events. */
    public record NormalizerStep(Steps steps) implements Processor {
        @Override
        public void process(Exchange exchange) {
            exchange.getIn().setBody(steps.read(exchange));
        }

        public List<String> events(Exchange exchange) {
            return steps.events(exchange);
        }
    }

    /** The evidence bean. */
    public record EvidenceStep(Steps steps) implements Processor {
        @Override
        public void process(Exchange exchange) {
            steps.record(exchange);
        }
    }

    /** The dead-letter bean. */
    public record DeadLetterStep(Steps steps) {
        public void record(Exchange exchange) {
            steps.deadLetter(exchange);
        }
    }

    /** Routing keys as processing/EventRouting sets them. */
    static final Processor ROUTING = exchange -> {
        exchange.getIn().setHeader("PayhookEventId", exchange.getIn().getBody(String.class));
        exchange.getIn().setHeader("PayhookBranch", "payment");
        exchange.getIn().setHeader("PayhookRejected", false);
    };

    /** No database here: transactions that begin, commit and roll back nothing, in the real policy's place. */
    static final class NoTransactions extends AbstractPlatformTransactionManager {
        @Override
        protected Object doGetTransaction() {
            return new Object();
        }

        @Override
        protected void doBegin(Object transaction, TransactionDefinition definition) {}

        @Override
        protected void doCommit(DefaultTransactionStatus status) {}

        @Override
        protected void doRollback(DefaultTransactionStatus status) {}
    }

    private final Steps steps = new Steps();

    @Override
    protected String[] files() {
        return new String[] {"routes/processing.yaml"};
    }

    @Override
    protected String route() {
        return "processing";
    }

    @Override
    protected String from() {
        return "direct:inbound";
    }

    @Override
    protected void bindToRegistry(Registry registry) {
        PayhookProperties properties = new PayhookProperties();
        properties.getProcessing().setMaxAttempts(2);
        registry.bind("normalizer", new NormalizerStep(steps));
        registry.bind("evidence", new EvidenceStep(steps));
        registry.bind("applier", steps);
        registry.bind("deadLetters", new DeadLetterStep(steps));
        registry.bind("failures", new Failures(properties, new SimpleMeterRegistry()));
        registry.bind("eventRouting", ROUTING);
        registry.bind("retries", new Retries());
        // these deliveries are no thin notifications: nothing to fetch before the transaction
        registry.bind("thinFetches", (Processor) exchange -> {});
        for (String policy : List.of("batchTransaction", "notificationTransaction")) {
            registry.bind(policy, new SpringTransactionPolicy(new NoTransactions()));
        }
        registry.bind("eventIdRepository", MemoryIdempotentRepository.memoryIdempotentRepository());
        registry.bind("branchOffers", new NoBranches());
    }

    /** No integrator branch asks for anything here. */
    public static final class NoBranches {
        public void offer() {}
    }

    /** What a delivery of evt_1 and evt_2 runs the first time, and again once both are applied. */
    private static final List<String> FIRST = List.of("read", "evidence", "payment:evt_1", "payment:evt_2");

    private static final List<String> AGAIN = List.of("read", "evidence", "duplicate:evt_1", "duplicate:evt_2");

    @SafeVarargs
    private static List<String> ran(List<String>... parts) {
        return Stream.of(parts).flatMap(List::stream).toList();
    }

    private MockEndpoint dlq() {
        return getMockEndpoint("mock:jms:queue:payhook.dlq");
    }

    private MockEndpoint inbound() {
        return getMockEndpoint("mock:jms:queue:payhook.inbound");
    }

    /** A batch as the jms-batch consumer hands it over: its messages, each with its fault header if any. */
    private List<Message> batch(String... faults) {
        List<Message> messages = new ArrayList<>();
        for (String fault : faults) {
            Message m = new DefaultMessage(context);
            m.setBody("delivery");
            if (!fault.isEmpty()) {
                m.setHeader("fault", fault);
            }
            messages.add(m);
        }
        return messages;
    }

    @Test
    void evidenceFirstThenEachEventOnceThroughTheRouter() throws Exception {
        dlq().expectedMessageCount(0);
        template.sendBody("direct:inbound", batch(""));
        template.sendBody("direct:inbound", batch(""));
        dlq().assertIsSatisfied();
        assertThat(steps.ran).containsExactlyElementsOf(ran(FIRST, AGAIN));
    }

    @Test
    void aMessageThatFailsOnItsOwnIsDeadLetteredAndConsumed() throws Exception {
        dlq().expectedMessageCount(1);
        Exchange done = template.send("direct:inbound", e -> e.getIn().setBody(batch("poison")));
        dlq().assertIsSatisfied();
        assertThat(done.getException()).isNull();
        assertThat(steps.ran).containsExactly("read", "dead-letter");
    }

    @Test
    void anInfrastructureFailureIsRethrownForARedelivery() throws Exception {
        dlq().expectedMessageCount(0);
        Exchange done = template.send("direct:inbound", e -> e.getIn().setBody(batch("", "database", "")));
        dlq().assertIsSatisfied();
        assertThat(done.getException()).hasRootCauseInstanceOf(CannotGetJdbcConnectionException.class);
        // the batch stops at the failure: the broker redelivers all of it
        assertThat(steps.ran).containsExactlyElementsOf(ran(FIRST, List.of("read")));
    }

    @Test
    void aMessageWithAttemptsLeftGoesBackAloneAndTheRestOfItsBatchGoesOn() throws Exception {
        dlq().expectedMessageCount(0);
        inbound().expectedMessageCount(1);
        inbound().expectedHeaderReceived(Retries.FAILED_ATTEMPTS, 1);
        Exchange done = template.send("direct:inbound", e -> e.getIn().setBody(batch("", "bug", "")));
        dlq().assertIsSatisfied();
        inbound().assertIsSatisfied();
        assertThat(done.getException()).isNull();
        assertThat(inbound().getExchanges().get(0).getIn().getHeader("fault")).isEqualTo("bug");
        // due after the broker's first redelivery delay, not at once
        assertThat(inbound().getExchanges().get(0).getIn().getHeader("_AMQ_SCHED_DELIVERY", Long.class))
                .isGreaterThan(System.currentTimeMillis());
        assertThat(steps.ran).containsExactlyElementsOf(ran(FIRST, List.of("read"), AGAIN));
    }

    @Test
    void aCopyOnItsLastAttemptIsDeadLettered() throws Exception {
        dlq().expectedMessageCount(1);
        inbound().expectedMessageCount(0);
        List<Message> copy = batch("bug");
        copy.get(0).setHeader(Retries.FAILED_ATTEMPTS, 1);
        Exchange done = template.send("direct:inbound", e -> e.getIn().setBody(copy));
        dlq().assertIsSatisfied();
        inbound().assertIsSatisfied();
        assertThat(done.getException()).isNull();
    }
}
