import com.sun.net.httpserver.HttpServer;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A merchant's endpoint for the benchmark (JDK only): answers 200 at once and writes one line per
 * delivery, "order_id ms", the ms from the message's timestamp (the change's commit, just before
 * the outbox publishes it) to its arrival here.
 * With a third argument {@code hang} it reads each request and never answers: an integrator's
 * endpoint that hangs.
 * Usage: java bench/Receiver.java PORT FILE [hang]
 */
public class Receiver {
    private static final Pattern ORDER = Pattern.compile("\"order_id\":\\s*\"([^\"]*)\"");
    private static final Pattern TIMESTAMP = Pattern.compile("\"timestamp\":\\s*\"([^\"]*)\"");

    public static void main(String[] args) throws IOException {
        BufferedWriter out = Files.newBufferedWriter(Path.of(args[1]), StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 256);
        boolean hang = args.length > 2 && args[2].equals("hang");
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            long now = System.currentTimeMillis();
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (hang) {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
            Matcher order = ORDER.matcher(body);
            Matcher at = TIMESTAMP.matcher(body);
            if (order.find() && at.find()) {
                long ms = now - Instant.parse(at.group(1)).toEpochMilli();
                synchronized (out) {
                    out.write(order.group(1) + " " + ms + "\n");
                    out.flush();
                }
            }
        });
        server.start();
    }
}
