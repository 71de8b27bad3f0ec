package dev.payhook.support;

import dev.payhook.PayhookApplication;
import dev.payhook.broker.Envelope;
import dev.payhook.processing.Evidence;
import dev.payhook.processing.Failures;
import dev.payhook.processing.Receipt;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.store.ReceiptStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The gateway started in the test JVM (embedded PostgreSQL and Artemis, real routes), driven at
 * step C of the processing route: each delivery gets its evidence row, then goes through
 * {@code direct:event} (event-id lock, content-based router, applier) in a transaction of its own,
 * as a consumer of payhook.inbound sends it in the delivery's savepoint. Failures come back as exceptions, as the consumer would see them.
 */
public final class EventHarness implements AutoCloseable {

    private final ConfigurableApplicationContext context;
    private final ProducerTemplate producer;
    private final ReceiptStore receipts;
    public final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;

    public EventHarness(String... extraArgs) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--payhook.ops.port=0",
                "--payhook.processing.enabled=false",
                "--payhook.embedded-postgres.data-dir=",
                "--payhook.embedded-postgres.port=0",
                "--spring.artemis.embedded.data-directory=target/artemis-" + UUID.randomUUID(),
                "--logging.level.org.apache.camel=OFF"));
        for (TestProvider p : TestProvider.values()) {
            args.add("--payhook.providers." + p.id + ".secrets[0]=" + p.secret);
        }
        args.addAll(List.of(extraArgs));
        context = new SpringApplicationBuilder(PayhookApplication.class).run(args.toArray(String[]::new));
        producer = context.getBean(ProducerTemplate.class);
        receipts = context.getBean(ReceiptStore.class);
        jdbc = context.getBean(JdbcTemplate.class);
        transactions = context.getBean(TransactionTemplate.class);
    }

    /** One delivery of {@code event}: its receipt row, then step C; throws what step C threw. */
    public void deliver(NormalizedEvent event) throws Exception {
        UUID receiptId = UUID.randomUUID();
        receipts.insert(
                Envelope.webhook(
                        receiptId,
                        event.provider(),
                        Instant.now(),
                        "127.0.0.1",
                        Map.of(),
                        receiptId.toString(),
                        "{}".getBytes(StandardCharsets.UTF_8)),
                event.eventId(),
                event.orderId());
        // in a transaction of its own, as the delivery's savepoint is in the batch's
        Exchange done = transactions.execute(status -> {
            Exchange sent = producer.send("direct:event", exchange -> {
                exchange.getIn().setBody(event);
                // as on a message off payhook.inbound: the envelope names the provider
                exchange.getIn().setHeader(Envelope.PROVIDER, event.provider());
                exchange.setProperty(Evidence.RECEIPT, new Receipt(receiptId, event.provider(), Instant.now()));
            });
            if (sent.getException() != null) {
                status.setRollbackOnly();
            }
            return sent;
        });
        if (done.getException() != null) {
            throw done.getException();
        }
    }

    /** As the broker would: an infrastructure failure (deadlock, lost connection) is delivered again. */
    public void deliverRedelivering(NormalizedEvent event) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                deliver(event);
                return;
            } catch (Exception e) {
                if (!Failures.isInfrastructure(e) || attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** Each of {@code deliveries} delivered once, by {@code consumers} threads taking them in turn. */
    public void deliverConcurrently(List<NormalizedEvent> deliveries, int consumers) throws Exception {
        ConcurrentLinkedQueue<NormalizedEvent> queue = new ConcurrentLinkedQueue<>(deliveries);
        ExecutorService pool = Executors.newFixedThreadPool(consumers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < consumers; c++) {
                running.add(pool.submit(() -> {
                    for (NormalizedEvent e = queue.poll(); e != null; e = queue.poll()) {
                        deliverRedelivering(e);
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /** Every one of {@code items} one to three times, in any order: how an at-least-once sender delivers. */
    public static <T> List<T> shuffledWithDuplicates(List<T> items, Random r) {
        List<T> deliveries = new ArrayList<>();
        for (T item : items) {
            for (int i = 1 + r.nextInt(3); i > 0; i--) {
                deliveries.add(item);
            }
        }
        Collections.shuffle(deliveries, r);
        return deliveries;
    }

    public <T> T context(Class<T> bean) {
        return context.getBean(bean);
    }

    @Override
    public void close() {
        context.close();
    }
}
