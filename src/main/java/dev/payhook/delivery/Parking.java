package dev.payhook.delivery;

import dev.payhook.config.Redaction;
import dev.payhook.store.DeliveryStore;
import dev.payhook.store.DeliveryStore.State;
import io.micrometer.core.instrument.Counter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What becomes of a message a consumer's route failed on, for a branch and for a route of the
 * merchant's own alike ({@value MerchantDelivery#NEXT}): a copy due again after the consumer's next
 * delay, or after the last one parked on payhook.deliveries.failed with what failed, said once in
 * the log and counted.
 */
@Component
class Parking {

    private static final Logger log = LoggerFactory.getLogger(Parking.class);

    private final DeliveryStore record;
    private final Clock clock;

    Parking(DeliveryStore record, Clock clock) {
        this.record = record;
        this.clock = clock;
    }

    /**
     * One more failed attempt at {@code original}, by {@code consumer} ({@code "branch crm"}): the
     * exchange's message made the copy that goes on, as the route delivery-outcome sends it.
     *
     * @param name the consumer's name, which the parked copy carries for its replay
     */
    void failed(
            Exchange exchange,
            Carried original,
            String consumer,
            String name,
            List<Duration> schedule,
            Counter parked) {
        Exception cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        org.apache.camel.Message m = exchange.getMessage();
        original.writeTo(m);
        Optional<Duration> retry = RetrySchedule.after(schedule, original.attempts());
        if (retry.isPresent()) {
            Carried.dueAt(m, clock.millis() + retry.get().toMillis());
            record.record(original.key(), original.delivery(name, State.RETRYING, failure(cause), clock.instant()));
            MerchantDelivery.Next.RETRY.set(exchange, name);
            return;
        }
        Carried.failed(m, name, "error", cause == null ? "" : excerpt(cause), clock.millis());
        parked.increment();
        said(original.key(), consumer, original.attempts(), answer(cause));
        record.record(original.key(), original.delivery(name, State.PARKED, failure(cause), clock.instant()));
        MerchantDelivery.Next.FAILED.set(exchange, name);
    }

    /** The one WARN line of a parked message: whose, which, how often tried, what the last attempt got. */
    static void said(String key, String consumer, int attempts, String lastAnswer) {
        log.warn(
                "Parked {} of {} after {} attempts, the last {}: it waits on payhook.deliveries.failed for a replay",
                key,
                consumer,
                attempts,
                lastAnswer);
    }

    /** What the attempt got, in a word, as the record shows it. */
    private static String failure(Exception cause) {
        return cause == null ? "error" : cause.getClass().getSimpleName();
    }

    /** What the last attempt got, for the log: an HTTP status, or what failed; never a URI or a body. */
    private static String answer(Exception cause) {
        return cause instanceof HttpOperationFailedException http
                ? "answered HTTP " + http.getStatusCode()
                : "failed with " + failure(cause);
    }

    /**
     * What failed, as ops read it beside the message: the exception's class and the start of its
     * message, with the credentials of a URI it names masked (an HTTP failure names the URI).
     */
    private static String excerpt(Exception cause) {
        String text = Redaction.of(
                cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
        return text.length() > 300 ? text.substring(0, 300) : text;
    }
}
