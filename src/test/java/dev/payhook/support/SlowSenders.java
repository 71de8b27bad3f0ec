package dev.payhook.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Connections that send a POST body a byte at a time, as an attacker holding a listener does: half
 * declare a Content-Length, half are chunked. Each one that the gateway answers or drops is
 * reopened while {@link #reopen} is on, so their number stays the same. One thread drives them all
 * with non-blocking sockets, so the test's own threads are not what runs out.
 */
public final class SlowSenders implements AutoCloseable {

    /** What became of a connection: the status the gateway answered (0: none) and when. */
    public record Outcome(int status, Duration after, boolean closedByGateway) {}

    private final InetSocketAddress address;
    private final String path;
    private final Duration interval;
    private final int perWrite;
    private final List<Slow> open = new ArrayList<>();
    private final List<Outcome> outcomes = new ArrayList<>();
    private final Thread driver;
    private volatile boolean reopen = true;
    private volatile boolean running = true;
    private int opened;

    private SlowSenders(int port, String path, int count, Duration interval, int perWrite) {
        this.address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        this.path = path;
        this.interval = interval;
        this.perWrite = perWrite;
        for (int i = 0; i < count; i++) {
            open.add(connect(i % 2 == 0));
        }
        this.driver = new Thread(this::drive, "slow-senders");
        driver.setDaemon(true);
        driver.start();
    }

    /** {@code count} connections to {@code path}, each sending {@code perWrite} bytes every {@code interval}. */
    public static SlowSenders start(int port, String path, int count, Duration interval, int perWrite) {
        return new SlowSenders(port, path, count, interval, perWrite);
    }

    /** Connections the gateway answered or dropped are no longer replaced. */
    public void stopReopening() {
        reopen = false;
    }

    public synchronized int open() {
        return open.size();
    }

    public synchronized int opened() {
        return opened;
    }

    public synchronized List<Outcome> outcomes() {
        return List.copyOf(outcomes);
    }

    private Slow connect(boolean chunked) {
        try {
            SocketChannel channel = SocketChannel.open(address);
            channel.configureBlocking(false);
            String framing = chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: 1000000\r\n";
            write(
                    channel,
                    "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + framing
                            + "\r\n" + (chunked ? "1\r\n{\r\n" : "{"));
            opened++;
            return new Slow(channel, chunked, System.nanoTime());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(SocketChannel channel, String text) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
        while (buffer.hasRemaining()) {
            if (channel.write(buffer) == 0) {
                return; // the gateway does not read: the send buffer is full, which is also slow
            }
        }
    }

    private void drive() {
        long tick = Math.max(1, interval.toMillis() / 10);
        while (running) {
            synchronized (this) {
                List<Slow> replacements = new ArrayList<>();
                open.removeIf(slow -> {
                    boolean ended = slow.step(interval, perWrite);
                    if (ended) {
                        outcomes.add(slow.outcome());
                        if (reopen) {
                            replacements.add(connect(slow.chunked));
                        }
                    }
                    return ended;
                });
                open.addAll(replacements);
            }
            try {
                Thread.sleep(tick);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        driver.interrupt();
        driver.join();
        synchronized (this) {
            for (Slow slow : open) {
                slow.closeQuietly();
            }
            open.clear();
        }
    }

    private static final class Slow {
        private final SocketChannel channel;
        private final boolean chunked;
        private final long openedAt;
        private final StringBuilder answer = new StringBuilder();
        private long lastByte;
        private boolean closedByGateway;

        Slow(SocketChannel channel, boolean chunked, long openedAt) {
            this.channel = channel;
            this.chunked = chunked;
            this.openedAt = openedAt;
            this.lastByte = openedAt;
        }

        /** Reads what the gateway said and sends the next byte when due; true once the connection ended. */
        boolean step(Duration interval, int perWrite) {
            try {
                ByteBuffer in = ByteBuffer.allocate(4096);
                int read = channel.read(in);
                if (read > 0) {
                    answer.append(new String(in.array(), 0, read, StandardCharsets.ISO_8859_1));
                }
                if (read < 0) {
                    closedByGateway = true;
                    closeQuietly();
                    return true;
                }
                if (System.nanoTime() - lastByte >= interval.toNanos()) {
                    String bytes = " ".repeat(perWrite);
                    write(channel, chunked ? Integer.toHexString(perWrite) + "\r\n" + bytes + "\r\n" : bytes);
                    lastByte = System.nanoTime();
                }
                return false;
            } catch (IOException e) {
                closedByGateway = true;
                closeQuietly();
                return true;
            }
        }

        Outcome outcome() {
            int status = 0;
            if (answer.length() >= 12 && answer.toString().startsWith("HTTP/1.1 ")) {
                status = Integer.parseInt(answer.substring(9, 12));
            }
            return new Outcome(status, Duration.ofNanos(System.nanoTime() - openedAt), closedByGateway);
        }

        void closeQuietly() {
            try {
                channel.close();
            } catch (IOException e) {
                // already gone
            }
        }
    }
}
