package dev.payhook.reload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * With {@code payhook.routes.reload} on ({@code bin/payhook --dev}), a route file saved under the
 * routes folder replaces that file's routes within a second; a file that cannot be read or whose
 * routes cannot start is refused with where and why, and the routes that ran go on. Off by
 * default: in production a restart applies edits, all at once and checked before anything runs.
 */
@Component
@ConditionalOnProperty(name = "payhook.routes.reload", havingValue = "true")
public class RouteWatcher implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RouteWatcher.class);

    /** Edits arrive as several file events; they are taken together once the folder has been quiet this long. */
    private static final long QUIET_MS = 300;

    private final Path dir;
    private final ObjectProvider<CamelContext> camel;
    private RouteFileSwap swap;
    private WatchService watch;
    private Thread thread;

    /** The context is asked for once it runs: made earlier, for this bean, it would not collect the route files. */
    public RouteWatcher(ObjectProvider<CamelContext> camel, @Value("${payhook.routes.dir:routes}") String dir) {
        this.dir = Path.of(dir);
        this.camel = camel;
    }

    @Override
    public void start() {
        swap = new RouteFileSwap(camel.getObject());
        try {
            Files.createDirectories(dir);
            watch = FileSystems.getDefault().newWatchService();
            for (String folder : new String[] {"", "providers", "templates"}) {
                Path p = dir.resolve(folder);
                if (Files.isDirectory(p)) {
                    p.register(
                            watch,
                            StandardWatchEventKinds.ENTRY_CREATE,
                            StandardWatchEventKinds.ENTRY_MODIFY,
                            StandardWatchEventKinds.ENTRY_DELETE);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        thread = new Thread(this::run, "payhook-route-reload");
        thread.setDaemon(true);
        thread.start();
        log.info(
                "Reloading route files saved under {} (payhook.routes.reload)",
                dir.toAbsolutePath().normalize());
    }

    private void run() {
        try {
            while (true) {
                Set<String> changed = new TreeSet<>();
                collect(watch.take(), changed);
                for (WatchKey more = watch.poll(QUIET_MS, TimeUnit.MILLISECONDS);
                        more != null;
                        more = watch.poll(QUIET_MS, TimeUnit.MILLISECONDS)) {
                    collect(more, changed);
                }
                changed.forEach(this::apply);
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void collect(WatchKey key, Set<String> changed) {
        Path folder = (Path) key.watchable();
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.context() instanceof Path file && file.toString().endsWith(".yaml")) {
                changed.add(dir.relativize(folder.resolve(file)).toString().replace('\\', '/'));
            }
        }
        key.reset();
    }

    private void apply(String name) {
        String shown = dir.resolve(name).toString();
        if (name.startsWith("templates/")) {
            log.info("{} changed: route templates are applied at the next start", shown);
            return;
        }
        try {
            RouteFileSwap.Outcome done = swap.swap(dir.resolve(name), name);
            log.info("Reloaded {}: routes {} replaced by {}", shown, done.removed(), done.added());
        } catch (RouteFileSwap.Refused e) {
            log.warn("Refused {}, the routes that were running go on: {}", shown, e.getMessage());
        }
    }

    @Override
    public void stop() {
        try {
            if (watch != null) {
                watch.close();
            }
        } catch (IOException e) {
            log.debug("closing the route watch", e);
        }
        if (thread != null) {
            thread.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return thread != null && thread.isAlive();
    }
}
