package dev.payhook.embedded;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Watches the embedded PostgreSQL server while the gateway runs. Should it die (killed, out of
 * memory, its disk gone), the log says so at once and health turns DOWN with the reason; processing
 * meanwhile rolls back and the broker keeps every message until the database is back.
 */
final class PostmasterWatch implements HealthIndicator, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(PostmasterWatch.class);

    private final ProcessHandle postmaster;
    private final Path dataDir;
    private final int port;
    private final AtomicBoolean closing = new AtomicBoolean();

    PostmasterWatch(ProcessHandle postmaster, Path dataDir, int port) {
        this.postmaster = postmaster;
        this.dataDir = dataDir;
        this.port = port;
        var unused = postmaster.onExit().thenRun(() -> {
            if (!closing.get()) {
                log.error(
                        "The embedded PostgreSQL (pid {}, data {}) exited while the gateway runs: processing waits, "
                                + "the broker keeps what arrives; restart the gateway",
                        postmaster.pid(),
                        dataDir);
            }
        });
    }

    @Override
    public Health health() {
        Health.Builder health = postmaster.isAlive()
                ? Health.up()
                : Health.down().withDetail("reason", "the embedded PostgreSQL exited; restart the gateway");
        return health.withDetail("pid", postmaster.pid())
                .withDetail("port", port)
                .withDetail("data", dataDir.toString())
                .build();
    }

    /** Destroyed before the server it watches (it depends on it): from here on an exit is the shutdown. */
    @Override
    public void destroy() {
        closing.set(true);
    }
}
