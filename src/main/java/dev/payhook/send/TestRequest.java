package dev.payhook.send;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A signed provider request, ready to go: a POST of a webhook or a GET of a payer's browser
 * return. {@code target} is the path and query on the gateway's public port.
 */
public record TestRequest(String method, String target, Map<String, String> headers, byte[] body) {

    public static TestRequest post(String target, String contentType, Map<String, String> signature, byte[] body) {
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        headers.put("Content-Type", contentType);
        headers.putAll(signature);
        return new TestRequest("POST", target, Map.copyOf(headers), body);
    }

    public static TestRequest get(String target) {
        return new TestRequest("GET", target, Map.of(), new byte[0]);
    }

    HttpRequest toHttp(URI base) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(target));
        headers.forEach(b::header);
        return "GET".equals(method)
                ? b.GET().build()
                : b.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
    }

    /** The same request as a curl line a shell runs as it is. */
    String curl(URI base) {
        StringBuilder line = new StringBuilder("curl -si");
        if (!"GET".equals(method)) {
            line.append(" -X ").append(method);
        }
        line.append(' ').append(quoted(base.resolve(target).toString()));
        String headerArgs = headers.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(h -> " -H " + quoted(h.getKey() + ": " + h.getValue()))
                .collect(Collectors.joining());
        line.append(headerArgs);
        if (body.length > 0) {
            line.append(" --data-binary ").append(quoted(new String(body, StandardCharsets.UTF_8)));
        }
        return line.toString();
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
