package dev.payhook.support;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The running gateway seen over HTTP, as a provider, a merchant and ops see it: {@code /webhooks}
 * and {@code /returns} on the public listener, everything else on the management listener.
 */
public final class Gateway {

    public static final String OPS_TOKEN = "ops-test-token-0123456789abcdef0123456789";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String publicBase;
    private final String managementBase;
    private final String token;

    public Gateway(int port, int managementPort) {
        this(port, managementPort, OPS_TOKEN);
    }

    private Gateway(int port, int managementPort, String token) {
        this.publicBase = "http://127.0.0.1:" + port;
        this.managementBase = "http://127.0.0.1:" + managementPort;
        this.token = token;
    }

    /** The same gateway, its ops and merchant calls made with {@code token} instead of the single ops token. */
    public Gateway withToken(String token) {
        return new Gateway(port(publicBase), port(managementBase), token);
    }

    /** The same gateway with every path asked of the public listener, as someone on the internet would. */
    public Gateway publicListenerOnly() {
        return new Gateway(port(publicBase), port(publicBase), token);
    }

    public int managementPort() {
        return port(managementBase);
    }

    /** The same gateway with every path asked of the management listener. */
    public Gateway managementListenerOnly() {
        return new Gateway(port(managementBase), port(managementBase), token);
    }

    private static int port(String base) {
        return URI.create(base).getPort();
    }

    private String base(String path) {
        return path.startsWith("/webhooks/") || path.startsWith("/returns/") ? publicBase : managementBase;
    }

    public record Answer(int status, String body, Map<String, List<String>> headers) {
        public JsonNode json() {
            return JSON.readTree(body);
        }
    }

    public Answer post(String path, String contentType, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base(path) + path))
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        headers.forEach(b::header);
        return send(b.build());
    }

    /** A POST whose header lines are sent as given, a name more than once included. */
    public Answer post(String path, String contentType, byte[] body, List<Map.Entry<String, String>> headerLines) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base(path) + path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headerLines.forEach(line -> b.header(line.getKey(), line.getValue()));
        return send(b.build());
    }

    /** A JSON POST without Content-Length (chunked transfer encoding). */
    public Answer postChunked(String path, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base(path) + path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)));
        headers.forEach(b::header);
        return send(b.build());
    }

    public Answer webhook(TestProvider provider, byte[] body, Map<String, String> headers) {
        return post("/webhooks/" + provider.id, "application/json", body, headers);
    }

    public Answer deliver(TestProvider provider, String eventId, byte[] body) {
        return webhook(provider, body, provider.sign(eventId, body));
    }

    public Answer putOrder(String orderId, long amountMinor, String currency) {
        return putOrder(orderId, amountMinor, currency, "");
    }

    /** The order registered with the provider its checkout used and, when not null, that provider's id for it. */
    public Answer putOrder(String orderId, long amountMinor, String currency, String provider, String reference) {
        return putOrder(
                orderId,
                amountMinor,
                currency,
                ",\"provider\":\"" + provider + "\""
                        + (reference == null ? "" : ",\"provider_reference\":\"" + reference + "\""));
    }

    private Answer putOrder(String orderId, long amountMinor, String currency, String checkout) {
        String body = "{\"amount_minor\":" + amountMinor + ",\"currency\":\"" + currency
                + "\",\"sku\":\"book-1\",\"customer_id\":\"c-" + orderId + "\"" + checkout + "}";
        return send(ops(managementBase + "/api/orders/" + orderId)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    /** An ops or merchant call with the token; {@code json} may be null. */
    public Answer call(String method, String path, String json) {
        HttpRequest.Builder b = ops(base(path) + path)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        return send(b.build());
    }

    public Answer get(String path) {
        return send(ops(base(path) + path).GET().build());
    }

    public JsonNode order(String orderId) {
        return get("/api/orders/" + orderId).json();
    }

    public Answer request(String method, String path, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base(path) + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(b::header);
        return send(b.build());
    }

    /**
     * A request written byte for byte on a socket, so that the path reaches the server exactly as
     * given ({@code ;}, {@code %2e}, {@code //}, {@code ..}): HTTP clients normalise some of these.
     */
    public Answer raw(String method, String rawPath, Map<String, String> headers, String body) {
        byte[] payload = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        URI uri = URI.create(base(rawPath));
        StringBuilder request = new StringBuilder(method + " " + rawPath + " HTTP/1.1\r\nHost: " + uri.getAuthority()
                + "\r\nConnection: close\r\nContent-Length: " + payload.length + "\r\n");
        headers.forEach(
                (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("\r\n");
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(payload);
            out.flush();
            // ISO-8859-1 maps each byte to one char, so chunk sizes count the same as string indices
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            int status = Integer.parseInt(response.substring(9, 12));
            int bodyStart = response.indexOf("\r\n\r\n");
            String head = bodyStart < 0 ? response : response.substring(0, bodyStart);
            String content = bodyStart < 0 ? "" : response.substring(bodyStart + 4);
            String bytes =
                    head.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked") ? unchunk(content) : content;
            return new Answer(
                    status, new String(bytes.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8), Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A port nothing listens on right now, for a gateway that must know its port before it starts. It
     * is drawn below the kernel's ephemeral range (32768 and up on Linux): a port handed out by
     * {@code new ServerSocket(0)} can be taken by any outgoing connection, or another fork's WireMock,
     * between this check and the gateway's bind, which failed CI once.
     */
    public static int freePort() {
        for (int tries = 0; tries < 200; tries++) {
            int candidate = ThreadLocalRandom.current().nextInt(20_000, 32_000);
            try (ServerSocket socket = new ServerSocket(candidate)) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // another one
            }
        }
        throw new IllegalStateException("no free port in 20000-31999 after 200 tries");
    }

    private static String unchunk(String chunked) {
        StringBuilder body = new StringBuilder();
        int at = 0;
        while (true) {
            int lineEnd = chunked.indexOf("\r\n", at);
            int size = lineEnd < 0
                    ? 0
                    : Integer.parseInt(chunked.substring(at, lineEnd).trim(), 16);
            if (size == 0) {
                return body.toString();
            }
            body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
        }
    }

    private HttpRequest.Builder ops(String url) {
        return HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token);
    }

    private Answer send(HttpRequest request) {
        try {
            HttpResponse<byte[]> r = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(
                    r.statusCode(),
                    new String(r.body(), StandardCharsets.UTF_8),
                    r.headers().map());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
