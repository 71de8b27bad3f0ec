package dev.payhook.support;

import com.github.tomakehurst.wiremock.extension.Parameters;
import com.github.tomakehurst.wiremock.extension.ServeEventListener;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A provider's answer held back while the test does something in between (a webhook that overtakes
 * the answer): the request has arrived at the stub, its answer is not sent until the test releases
 * it, or {@link #MOST} has passed (the gateway's call would time out after a second).
 */
public final class HeldAnswers implements ServeEventListener {

    private static final Duration MOST = Duration.ofMillis(900);
    private static final Map<String, Hold> HOLDS = new ConcurrentHashMap<>();

    /** Holds the next answers to requests for {@code path} (without its query) until released. */
    public static Hold hold(String path) {
        Hold hold = new Hold(path);
        HOLDS.put(path, hold);
        return hold;
    }

    /** One path's held answers. */
    public static final class Hold implements AutoCloseable {
        private final String path;
        private final CountDownLatch arrived = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        private Hold(String path) {
            this.path = path;
        }

        /** Whether a request arrived within {@code atMost}. */
        public boolean awaitArrival(Duration atMost) throws InterruptedException {
            return arrived.await(atMost.toMillis(), TimeUnit.MILLISECONDS);
        }

        public void release() {
            released.countDown();
        }

        @Override
        public void close() {
            release();
            HOLDS.remove(path, this);
        }
    }

    @Override
    public void beforeResponseSent(ServeEvent event, Parameters parameters) {
        Hold hold = HOLDS.get(event.getRequest().getUrl().replaceAll("\\?.*", ""));
        if (hold == null) {
            return;
        }
        hold.arrived.countDown();
        try {
            hold.released.await(MOST.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String getName() {
        return "held-answers";
    }
}
