import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Payhook's load generator (JDK only: run with `java bench/LoadGen.java ...`).
 * Sends N distinct correctly signed Stripe payment_intent.succeeded events over C keep-alive
 * connections and prints throughput and ack latency; optionally paced to a target rate, and
 * optionally registering an order per event first so the events pay them.
 *
 *   java bench/LoadGen.java --url http://127.0.0.1:8080/webhooks/stripe --secret whsec_x \
 *        --n 20000 --c 64 [--rate 1000] [--orders PREFIX [--token TOKEN]] [--label name]
 *
 * --orders names the orders PREFIX-0 .. PREFIX-(N-1) the events pay; with --token it registers them
 * through the orders API first (without, the caller has registered them).
 * With --emit FILE it only writes the N signed requests, one "signature TAB body" line each,
 * for bench/signed.lua (wrk), and exits.
 */
public class LoadGen {

    public static void main(String[] a) throws Exception {
        Map<String, String> o = new java.util.HashMap<>();
        for (int i = 0; i + 1 < a.length; i += 2) {
            o.put(a[i].replaceFirst("^--", ""), a[i + 1]);
        }
        String url = o.getOrDefault("url", "http://127.0.0.1:8080/webhooks/stripe");
        String secret = o.getOrDefault("secret", "whsec_bench");
        int n = Integer.parseInt(o.getOrDefault("n", "20000"));
        int c = Integer.parseInt(o.getOrDefault("c", "64"));
        double rate = Double.parseDouble(o.getOrDefault("rate", "0"));
        String orders = o.get("orders");
        String token = o.getOrDefault("token", "");
        String api = o.getOrDefault("api", "http://127.0.0.1:8081"); // the management listener
        String label = o.getOrDefault("label", "run");
        String run = Long.toString(System.nanoTime(), 36);

        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).executor(Executors.newFixedThreadPool(4)).build();
        String prefix = orders != null ? orders : "bench-" + run;
        if (orders != null && !token.isEmpty()) {
            runAll(n, c, 0, i -> http.send(HttpRequest.newBuilder(URI.create(api + "/api/orders/" + prefix + "-" + i))
                    .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(
                            "{\"amount_minor\":1050,\"currency\":\"USD\",\"sku\":\"bench\",\"customer_id\":\"c\"}")).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode());
        }
        long ts = System.currentTimeMillis() / 1000;
        byte[][] bodies = new byte[n][];
        String[] signatures = new String[n];
        for (int i = 0; i < n; i++) {
            bodies[i] = payment(run, i, ts, prefix);
            signatures[i] = "t=" + ts + ",v1=" + hmac(secret, ts + ".", bodies[i]);
        }
        if (o.containsKey("emit")) {
            try (var out = new java.io.PrintWriter(o.get("emit"), StandardCharsets.UTF_8)) {
                for (int i = 0; i < n; i++) {
                    out.print(signatures[i] + "\t" + new String(bodies[i], StandardCharsets.UTF_8) + "\n");
                }
            }
            System.out.printf("emitted n=%d orders=%s%n", n, prefix);
            System.exit(0);
        }
        long[] latencies = new long[n];
        AtomicInteger failures = new AtomicInteger();
        long start = System.nanoTime();
        runAll(n, c, rate, i -> {
            long t0 = System.nanoTime();
            int status = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json").header("Stripe-Signature", signatures[i])
                    .POST(HttpRequest.BodyPublishers.ofByteArray(bodies[i])).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
            latencies[i] = System.nanoTime() - t0;
            if (status != 200) {
                failures.incrementAndGet();
            }
            return status;
        });
        double seconds = (System.nanoTime() - start) / 1e9;
        Arrays.sort(latencies);
        System.out.printf("%s: n=%d c=%d%s throughput=%.0f/s ack_p50=%.1fms ack_p99=%.1fms ack_max=%.1fms non200=%d orders=%s%n",
                label, n, c, rate > 0 ? " rate=" + (int) rate : "", n / seconds, ms(latencies, 0.50), ms(latencies, 0.99),
                latencies[n - 1] / 1e6, failures.get(), prefix);
        System.exit(0); // the client's executor threads would keep the JVM alive
    }

    interface Call {
        int send(int i) throws Exception;
    }

    /** Runs calls 0..n-1 on c threads; with rate > 0 each call starts no earlier than its slot. */
    static void runAll(int n, int c, double rate, Call call) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        AtomicLong errors = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(c);
        List<Runnable> workers = new ArrayList<>();
        for (int w = 0; w < c; w++) {
            workers.add(() -> {
                for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                    if (rate > 0) {
                        long due = start + (long) (i * 1e9 / rate);
                        long wait = due - System.nanoTime();
                        if (wait > 0) {
                            java.util.concurrent.locks.LockSupport.parkNanos(wait);
                        }
                    }
                    try {
                        call.send(i);
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                }
            });
        }
        workers.forEach(pool::submit);
        pool.shutdown();
        pool.awaitTermination(1, java.util.concurrent.TimeUnit.HOURS);
        if (errors.get() > 0) {
            System.out.println("errors: " + errors.get());
        }
    }

    static double ms(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))] / 1e6;
    }

    /** Stripe's payment_intent.succeeded for order {@code prefix-i}, event evt_{run}_{i}, 10.50 USD. */
    static byte[] payment(String run, int i, long ts, String prefix) {
        return ("{\"id\":\"evt_" + run + "_" + i + "\",\"object\":\"event\",\"type\":\"payment_intent.succeeded\","
                + "\"created\":" + ts + ",\"livemode\":false,\"data\":{\"object\":{\"id\":\"pi_" + run + "_" + i
                + "\",\"object\":\"payment_intent\",\"amount\":1050,\"amount_received\":1050,\"currency\":\"usd\","
                + "\"status\":\"succeeded\",\"metadata\":{\"order_id\":\"" + prefix + "-" + i + "\"}}}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    static String hmac(String secret, String prefix, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update(prefix.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }
}
