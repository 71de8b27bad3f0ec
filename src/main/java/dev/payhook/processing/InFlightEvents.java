package dev.payhook.processing;

import java.util.concurrent.ConcurrentHashMap;
import org.apache.camel.Exchange;
import org.apache.camel.support.SynchronizationAdapter;
import org.springframework.stereotype.Component;

/**
 * The event ids this instance's consumers are processing right now, so that a duplicate can tell
 * whether it lost the event-id lock to a concurrent delivery (the lock itself is PostgreSQL's and
 * holds across instances; this only tells the metric apart, within one instance).
 */
@Component
public class InFlightEvents {

    private final ConcurrentHashMap<String, Integer> inFlight = new ConcurrentHashMap<>();

    /** Marks {@code key} in flight until the exchange completes; true when another consumer held it already. */
    public boolean enter(Exchange exchange, String key) {
        boolean contended = inFlight.merge(key, 1, Integer::sum) > 1;
        exchange.getExchangeExtension().addOnCompletion(new SynchronizationAdapter() {
            @Override
            public void onDone(Exchange done) {
                inFlight.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
            }
        });
        return contended;
    }
}
