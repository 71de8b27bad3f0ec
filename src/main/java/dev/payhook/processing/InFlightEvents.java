package dev.payhook.processing;

import dev.payhook.provider.NormalizedEvent;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.camel.Exchange;
import org.apache.camel.support.SynchronizationAdapter;
import org.springframework.stereotype.Component;

/**
 * The event ids this instance's consumers are processing right now, so that a duplicate can tell
 * whether it lost the event-id lock to a concurrent copy of the same event (the lock itself is PostgreSQL's and
 * holds across instances; this only tells the metric apart, within one instance). Which of two
 * waiting copies PostgreSQL lets through first is not the order they began in, so a key is
 * marked shared for every holder as soon as a second one arrives.
 */
@Component
public class InFlightEvents {

    private static final class Flight {
        int holders;
        boolean shared;
    }

    private final ConcurrentHashMap<String, Flight> inFlight = new ConcurrentHashMap<>();

    static String key(NormalizedEvent e) {
        return e.provider() + ":" + e.eventId();
    }

    /** Marks {@code key} in flight until the exchange completes. */
    public void enter(Exchange exchange, String key) {
        inFlight.compute(key, (k, flight) -> {
            Flight f = flight == null ? new Flight() : flight;
            f.holders++;
            f.shared |= f.holders > 1;
            return f;
        });
        exchange.getExchangeExtension().addOnCompletion(new SynchronizationAdapter() {
            @Override
            public void onDone(Exchange done) {
                inFlight.computeIfPresent(key, (k, f) -> --f.holders == 0 ? null : f);
            }
        });
    }

    /** Whether another copy of {@code key} was in flight at some time during this one (which holds it). */
    public boolean shared(String key) {
        Flight f = inFlight.get(key);
        return f != null && f.shared;
    }
}
