package dev.payhook.support;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;

/**
 * A standalone Artemis broker in its own process, for what a broker in the test JVM cannot do: die
 * as a host or a container does (SIGKILL: no disconnect sent to its clients).
 */
public final class StandaloneBroker implements AutoCloseable {

    private final Process process;
    public final int port;

    private StandaloneBroker(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts a broker on a free port, its files under {@code dir}, and waits until it takes connections. */
    public static StandaloneBroker start(Path dir) {
        return start(dir, Gateway.freePort());
    }

    /** {@link #start(Path)} on {@code port}: a broker back where its clients look for it. */
    public static StandaloneBroker start(Path dir, int port) {
        List<String> command = List.of(
                GatewayProcess.java(),
                "-Xmx256m",
                "-cp",
                GatewayProcess.testClassPath(),
                StandaloneBroker.class.getName(),
                Integer.toString(port),
                dir.toString());
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(
                            dir.resolveSibling("broker-" + port + ".log").toFile())
                    .start();
            await().atMost(Duration.ofMinutes(1))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> {
                        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                            return true;
                        } catch (IOException notYet) {
                            if (!process.isAlive()) {
                                throw new IllegalStateException("the broker exited with " + process.exitValue());
                            }
                            return false;
                        }
                    });
            return new StandaloneBroker(process, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String url() {
        return "tcp://127.0.0.1:" + port;
    }

    /** SIGKILL: the broker is gone without a word to its clients. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }

    /** The broker process: {@code <port> <dir>}, running until it is killed. */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ()
                .setConfiguration(new ConfigurationImpl()
                        .setPersistenceEnabled(false)
                        .setSecurityEnabled(false)
                        .setJournalDirectory(dir.resolve("journal").toString())
                        .setBindingsDirectory(dir.resolve("bindings").toString())
                        .setLargeMessagesDirectory(dir.resolve("large").toString())
                        .setPagingDirectory(dir.resolve("paging").toString())
                        .addAcceptorConfiguration("tcp", "tcp://127.0.0.1:" + args[0]));
        broker.start();
        new CountDownLatch(1).await();
    }
}
