package dev.payhook.reload;

import dev.payhook.config.RoutesReloaded;
import dev.payhook.config.SetupFailure;
import dev.payhook.provider.types.TypeTables;
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
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * With {@code payhook.routes.reload} on ({@code bin/payhook --dev}), a route file saved under the
 * routes folder replaces that file's routes within a second, and a type table saved under its
 * {@code types/} has every table read again, checked, and used at once. A file that cannot be read,
 * whose routes cannot start or whose table is wrong is refused with where and why, and what ran goes on. Off by
 * default: in production a restart applies edits, all at once and checked before anything runs.
 */
@Component
@ConditionalOnProperty(name = "payhook.routes.reload", havingValue = "true")
public class RouteWatcher implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RouteWatcher.class);

    /** Edits arrive as several file events; they are taken together once the folder has been quiet this long. */
    private static final long QUIET_MS = 300;

    /** The routes folder and the folders in it that hold route files and type tables. */
    private static final List<String> FOLDERS = List.of("", "providers", "templates", "types");

    private final Path dir;
    private final ObjectProvider<CamelContext> camel;
    private final TypeTables types;
    private final ApplicationEventPublisher events;
    private RouteFileSwap swap;
    private WatchService watch;
    private Thread thread;

    /** The context is asked for once it runs: made earlier, for this bean, it would not collect the route files. */
    public RouteWatcher(
            ObjectProvider<CamelContext> camel,
            TypeTables types,
            ApplicationEventPublisher events,
            @Value("${payhook.routes.dir:routes}") String dir) {
        this.dir = Path.of(dir);
        this.camel = camel;
        this.types = types;
        this.events = events;
    }

    @Override
    public void start() {
        swap = new RouteFileSwap(camel.getObject());
        try {
            Files.createDirectories(dir);
            watch = FileSystems.getDefault().newWatchService();
            for (String folder : new String[] {"", "providers", "templates", "types"}) {
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
                for (String name : changed) {
                    try {
                        apply(name);
                    } catch (RuntimeException | StackOverflowError e) {
                        // whatever a file holds, the next save is read again: this thread must not end
                        log.warn(
                                "Refused {}, what was running goes on: {}: {}",
                                dir.resolve(name),
                                e.getClass().getSimpleName(),
                                e.getMessage());
                    }
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void collect(WatchKey key, Set<String> changed) {
        Path folder = (Path) key.watchable();
        for (WatchEvent<?> event : key.pollEvents()) {
            if (!(event.context() instanceof Path file)) {
                continue;
            }
            Path path = folder.resolve(file);
            if (file.toString().endsWith(".yaml")) {
                changed.add(dir.relativize(path).toString().replace('\\', '/'));
            } else if (folder.equals(dir) && FOLDERS.contains(file.toString()) && Files.isDirectory(path)) {
                try {
                    watchFolder(path);
                    // files written before the folder was watched
                    try (var files = Files.list(path)) {
                        files.filter(f -> f.toString().endsWith(".yaml"))
                                .forEach(f ->
                                        changed.add(dir.relativize(f).toString().replace('\\', '/')));
                    }
                } catch (IOException e) {
                    log.warn("Cannot watch {}: {}", path, e.getMessage());
                }
            }
        }
        key.reset();
    }

    private void watchFolder(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            folder.register(
                    watch,
                    StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_DELETE);
        }
    }

    private void apply(String name) {
        String shown = dir.resolve(name).toString();
        if (name.startsWith("types/")) {
            try {
                log.info("Reloaded the type tables after {} changed: {}", shown, types.reload());
                types.strays().forEach(stray -> log.warn("{}", stray));
            } catch (SetupFailure | UncheckedIOException e) {
                log.warn("Refused {}, every type table in use stays as it was: {}", shown, e.getMessage());
            }
            return;
        }
        if (name.startsWith("templates/")) {
            log.info("{} changed: route templates are applied at the next start", shown);
            return;
        }
        try {
            RouteFileSwap.Outcome done = swap.swap(dir.resolve(name), name);
            log.info(
                    "Reloaded {}{}: routes {} replaced by {}",
                    shown,
                    Files.exists(dir.resolve(name)) || !RouteFileSwap.shipped(name)
                            ? ""
                            : " (deleted here: the jar's own runs again)",
                    done.removed(),
                    done.added());
            events.publishEvent(new RoutesReloaded(shown));
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
