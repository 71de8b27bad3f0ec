package dev.payhook.web;

import dev.payhook.config.TrustedProxies;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * Failed authentications (a wrong bearer token, a wrong console login) per source address: after
 * {@link #PER_MINUTE} within a minute of the first of them, that address is refused until that
 * minute ends, even with the right token, so guessing is slowed to ten a minute. Per address, and the table keeps the
 * {@link #ADDRESSES} most recent ones, so a flood from many addresses evicts entries instead of
 * growing or locking out the operators elsewhere.
 */
@Component
class AuthFailures {

    static final int PER_MINUTE = 10;
    private static final int ADDRESSES = 10_000;

    /** The failures counted since {@code since}, the first of them, for a minute from it. */
    private record Window(long since, int failures) {
        boolean current(long now) {
            return now - since < WINDOW_MILLIS;
        }
    }

    private static final long WINDOW_MILLIS = 60_000;

    private final TrustedProxies proxies;
    private final Clock clock;
    private final Map<String, Window> byAddress = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Window> eldest) {
            return size() > ADDRESSES;
        }
    };

    AuthFailures(TrustedProxies proxies, Clock clock) {
        this.proxies = proxies;
        this.clock = clock;
    }

    /** Seconds until the request's address may try again; 0 when it may now. */
    synchronized long retryAfter(HttpServletRequest request) {
        Window w = byAddress.get(address(request));
        long now = clock.millis();
        return w != null && w.current(now) && w.failures() >= PER_MINUTE
                ? Math.max(1, (w.since() + WINDOW_MILLIS - now + 999) / 1000)
                : 0;
    }

    synchronized void failed(HttpServletRequest request) {
        long now = clock.millis();
        byAddress.merge(
                address(request),
                new Window(now, 1),
                (old, one) -> old.current(now) ? new Window(old.since(), old.failures() + 1) : one);
    }

    String address(HttpServletRequest request) {
        return proxies.clientAddress(
                request.getRemoteAddr(), request.getHeader("X-Forwarded-For"), request.getHeader("Forwarded"));
    }
}
