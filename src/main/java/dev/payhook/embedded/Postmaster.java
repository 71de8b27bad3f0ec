package dev.payhook.embedded;

import dev.payhook.config.SetupFailure;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded server's postmaster process, found through its data directory's pid file.
 *
 * <p>A gateway killed without its shutdown (kill -9, a power cut of the JVM alone) leaves its embedded
 * PostgreSQL running: the postmaster's parent is init, and it still holds the data directory, so
 * the next start would fail on {@code postmaster.pid}. Before the embedded server starts, such an
 * orphan is stopped, and only when all of this holds: the pid file of our data directory names a
 * live postgres process started on that same directory, and no live JVM holds the directory's
 * lock (zonky's {@code epg-lock}), which a running gateway keeps for as long as it lives.
 *
 * <p>Public for the tests that run the gateway as a process: what a killed one leaves is found and
 * stopped by the same checks.
 */
public final class Postmaster {

    private static final Logger log = LoggerFactory.getLogger(Postmaster.class);
    private static final Duration STOP_WAIT = Duration.ofSeconds(60);

    private Postmaster() {}

    /** The live postmaster recorded in {@code dataDir}'s pid file, if there is one. */
    public static Optional<ProcessHandle> running(Path dataDir) {
        Path pidFile = dataDir.resolve("postmaster.pid");
        List<String> lines;
        try {
            lines = Files.exists(pidFile) ? Files.readAllLines(pidFile) : List.of();
        } catch (IOException e) {
            return Optional.empty();
        }
        if (lines.size() < 2
                || !lines.get(0).trim().matches("[0-9]{1,10}")
                || !Path.of(lines.get(1).trim()).equals(dataDir)) {
            return Optional.empty();
        }
        return ProcessHandle.of(Long.parseLong(lines.get(0).trim()))
                .filter(ProcessHandle::isAlive)
                .filter(p -> isPostgresOf(p, dataDir));
    }

    /** Stops the orphaned postmaster of {@code dataDir}, if there is one; fails when a live gateway owns it. */
    public static void stopOrphan(Path dataDir) {
        Optional<ProcessHandle> orphan = running(dataDir);
        if (orphan.isEmpty()) {
            return;
        }
        long pid = orphan.get().pid();
        if (ownedByALiveGateway(dataDir)) {
            throw new SetupFailure(
                    "The embedded PostgreSQL of " + dataDir + " (pid " + pid
                            + ") belongs to a Payhook that is still running",
                    "stop it, or give this one another payhook.embedded-postgres.data-dir");
        }
        log.warn(
                "Stopping the embedded PostgreSQL (pid {}) that a gateway which did not shut down left running on {}",
                pid,
                dataDir);
        // SIGTERM is PostgreSQL's smart shutdown: its clients died with the old gateway, so it exits at once
        orphan.get().destroy();
        try {
            orphan.get().onExit().get(STOP_WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            throw new IllegalStateException(
                    "The orphaned PostgreSQL (pid " + pid + ") of " + dataDir + " did not stop within "
                            + STOP_WAIT.toSeconds() + " s; stop it by hand (kill " + pid + ") and start again");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the orphaned PostgreSQL " + pid, e);
        }
    }

    private static boolean isPostgresOf(ProcessHandle process, Path dataDir) {
        ProcessHandle.Info info = process.info();
        List<String> args = List.of(info.arguments().orElse(new String[0]));
        int d = args.indexOf("-D");
        return info.command().map(c -> c.endsWith("/postgres")).orElse(false)
                && d >= 0
                && d + 1 < args.size()
                && Path.of(args.get(d + 1)).toAbsolutePath().normalize().equals(dataDir);
    }

    /** A running gateway holds the data directory's lock file; a dead one's lock went with its process. */
    private static boolean ownedByALiveGateway(Path dataDir) {
        Path lockFile = dataDir.resolve("epg-lock");
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (FileOutputStream out = new FileOutputStream(lockFile.toFile(), true);
                FileChannel channel = out.getChannel();
                FileLock lock = channel.tryLock()) {
            return lock == null;
        } catch (IOException | OverlappingFileLockException e) {
            // locked by this very JVM: another gateway context runs on the directory
            return true;
        }
    }
}
