package dev.payhook.send;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.core.env.Environment;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The gateway's ops API, as {@code send} uses it: orders, product mappings and receipts. */
final class GatewayOps {

    private final HttpClient http;
    private final URI base;
    private final String token;

    GatewayOps(HttpClient http, URI base, String token) {
        this.http = http;
        this.base = base;
        this.token = token;
    }

    /** The ops API of the running gateway at {@code url}, with {@code --token}, else its own; empty without a token. */
    static Optional<GatewayOps> of(HttpClient http, Environment env, URI url, Map<String, String> options) {
        String token = options.getOrDefault("token", env.getProperty("payhook.ops.token", ""));
        if (token.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(new GatewayOps(http, url, token));
    }

    /** What flowed through after the cursors ({@code /ops/flow}). */
    JsonNode flow(String since, long afterId) {
        return json(call("GET", "/ops/flow?since=" + encode(since) + "&after_id=" + afterId, null));
    }

    Optional<JsonNode> order(String orderId) {
        HttpResponse<String> answer = call("GET", "/api/orders/" + encode(orderId), null);
        return answer.statusCode() == 404 ? Optional.empty() : Optional.of(json(answer));
    }

    JsonNode register(String orderId, long amount, String currency, String sku) {
        return json(call(
                "PUT",
                "/api/orders/" + encode(orderId),
                Map.of("amount_minor", amount, "currency", currency, "sku", sku, "customer_id", "sample-customer")));
    }

    void mapProduct(String provider, String ref, String sku) {
        json(call("PUT", "/ops/products/" + encode(provider) + "/" + encode(ref), Map.of("sku", sku)));
    }

    /** The ids of the receipts there are by that event id (or order). */
    Set<String> receipts(Receipts wanted) {
        Set<String> ids = new LinkedHashSet<>();
        search(wanted).forEach(r -> ids.add(r.path("id").asString()));
        return ids;
    }

    /** A receipt by that event id (or order) not among {@code earlier}, once processed; empty past the deadline. */
    Optional<JsonNode> processed(Receipts wanted, Set<String> earlier, Duration deadline) {
        Instant end = Instant.now().plus(deadline);
        while (Instant.now().isBefore(end)) {
            for (JsonNode r : search(wanted)) {
                if (!earlier.contains(r.path("id").asString())
                        && !"received".equals(r.path("outcome").asString())) {
                    return Optional.of(r);
                }
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private JsonNode search(Receipts wanted) {
        return json(call(
                "GET",
                "/ops/receipts?limit=100&provider=" + encode(wanted.provider())
                        + (wanted.by() == null ? "" : "&" + wanted.by() + "=" + encode(wanted.value())),
                null));
    }

    private HttpResponse<String> call(String method, String path, Object body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(10))
                .header("Authorization", "Bearer " + token);
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        b.method(
                method,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(
                                JsonMapper.shared().writeValueAsBytes(body)));
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new SendFailure(
                    "the ops API at " + base + " did not answer: " + SendFailure.why(e),
                    "start the gateway (bin/payhook), or pass --ops-url");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SendFailure("interrupted", "run it again");
        }
    }

    private JsonNode json(HttpResponse<String> answer) {
        if (answer.statusCode() == 401 || answer.statusCode() == 403) {
            throw new SendFailure(
                    "the ops API refused the token (" + answer.statusCode() + ")",
                    "set PAYHOOK_OPS_TOKEN to a token with the read, operate and orders roles, or pass --token");
        }
        if (answer.statusCode() >= 300) {
            throw new SendFailure(
                    answer.request().method() + " " + answer.request().uri().getPath() + " answered "
                            + answer.statusCode() + " " + answer.body(),
                    "see the gateway's log");
        }
        return JsonMapper.shared().readTree(answer.body());
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
