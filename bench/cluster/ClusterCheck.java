import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Compiled with bench/LoadGen.java (its payment and signature). The same events delivered three times
 * each, split across two Payhook instances (A, B, A), a third of them with the three deliveries at once;
 * or (--copies 1) each once, to A or B in turn. A delivery is retried until its 2xx, as a provider does,
 * the next attempt on the other instance, as a load balancer sends it. --rate paces the events per second.
 *
 *   javac -d out bench/LoadGen.java bench/cluster/ClusterCheck.java && java -cp out ClusterCheck --a http://127.0.0.1:18080 --b http://127.0.0.1:18180 \
 *       --api http://127.0.0.1:18081 --secret whsec_x --token t --n 1000 --prefix run1 [--copies 1] [--rate 100]
 *
 * Prints: deliveries=... acknowledged=... retried=... (answers that were not a 2xx, or no answer) unacknowledged=...
 */
public class ClusterCheck {

    public static void main(String[] a) throws Exception {
        Map<String, String> o = new java.util.HashMap<>();
        for (int i = 0; i + 1 < a.length; i += 2) {
            o.put(a[i].replaceFirst("^--", ""), a[i + 1]);
        }
        int n = Integer.parseInt(o.getOrDefault("n", "1000"));
        String prefix = o.get("prefix");
        // --copies 1: each event once, to A or B in turn (the failover checks); 3: A, B, A (the duplicates check)
        int copies = Integer.parseInt(o.getOrDefault("copies", "3"));
        double rate = Double.parseDouble(o.getOrDefault("rate", "0"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        ExecutorService pool = Executors.newFixedThreadPool(24);
        AtomicInteger acknowledged = new AtomicInteger();
        AtomicInteger retried = new AtomicInteger();
        AtomicInteger unacknowledged = new AtomicInteger();

        List<CompletableFuture<Void>> orders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String order = prefix + "-" + i;
            orders.add(CompletableFuture.runAsync(() -> call(http, HttpRequest.newBuilder(
                            URI.create(o.get("api") + "/api/orders/" + order))
                    .header("Authorization", "Bearer " + o.get("token"))
                    .header("Content-Type", "application/json")
                    .PUT(HttpRequest.BodyPublishers.ofString(
                            "{\"amount_minor\":1050,\"currency\":\"USD\",\"sku\":\"bench\",\"customer_id\":\"c\"}"))
                    .build()), pool));
        }
        CompletableFuture.allOf(orders.toArray(CompletableFuture[]::new)).join();

        long ts = System.currentTimeMillis() / 1000;
        long start = System.nanoTime();
        List<CompletableFuture<Void>> events = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int e = i;
            if (rate > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(start + (long) (e * 1e9 / rate) - System.nanoTime());
            }
            byte[] body = LoadGen.payment(prefix, e, ts, prefix);
            String signature = "t=" + ts + ",v1=" + LoadGen.hmac(o.get("secret"), ts + ".", body);
            String[] instances = copies == 1
                    ? new String[] {e % 2 == 0 ? o.get("a") : o.get("b")}
                    : new String[] {o.get("a"), o.get("b"), o.get("a")};
            if (e % 3 == 0) {
                for (String instance : instances) {
                    events.add(CompletableFuture.runAsync(
                            () -> deliver(http, o, instance, body, signature, acknowledged, retried, unacknowledged),
                            pool));
                }
            } else {
                events.add(CompletableFuture.runAsync(() -> {
                    for (String instance : instances) {
                        deliver(http, o, instance, body, signature, acknowledged, retried, unacknowledged);
                    }
                }, pool));
            }
        }
        CompletableFuture.allOf(events.toArray(CompletableFuture[]::new)).join();
        pool.shutdown();
        System.out.printf(
                "deliveries=%d acknowledged=%d retried=%d unacknowledged=%d%n",
                copies * n, acknowledged.get(), retried.get(), unacknowledged.get());
    }

    private static void deliver(
            HttpClient http,
            Map<String, String> o,
            String instance,
            byte[] body,
            String signature,
            AtomicInteger acknowledged,
            AtomicInteger retried,
            AtomicInteger unacknowledged) {
        String other = instance.equals(o.get("a")) ? o.get("b") : o.get("a");
        for (int attempt = 0; attempt < 120; attempt++) {
            HttpRequest request = HttpRequest.newBuilder(
                            URI.create((attempt % 2 == 0 ? instance : other) + "/webhooks/stripe"))
                    .timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json")
                    .header("Stripe-Signature", signature)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            if (call(http, request) / 100 == 2) {
                acknowledged.incrementAndGet();
                return;
            }
            retried.incrementAndGet();
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        unacknowledged.incrementAndGet();
    }

    private static int call(HttpClient http, HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            return 0;
        }
    }
}
