package dev.payhook.merchant;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** A merchant's HTTP endpoint as its route uses it, and what this instance last saw of it. */
public final class Endpoint {

    /** The last answer that was not a 2xx in time: its status code, or {@code timeout} / {@code error}. */
    public record Failure(Instant at, String status) {}

    private final String name;
    private final EndpointSettings settings;
    private final WebhookSigner signer;
    private final Pattern types;
    private final HttpClient http;
    private volatile Instant lastSuccess;
    private volatile Failure lastFailure;

    Endpoint(String name, EndpointSettings settings) {
        this.name = name;
        this.settings = settings;
        this.signer = new WebhookSigner(settings.secrets());
        this.types = glob(settings.types());
        // one client per endpoint: its own connection pool, so a slow endpoint holds no other's connections
        this.http = HttpClient.newBuilder()
                .connectTimeout(settings.timeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /**
     * POSTs {@code body} signed for this attempt (DESIGN.md §11.2): the same {@code webhook-id} on every
     * attempt, a timestamp and signature of its own. The whole answer must come within the timeout.
     */
    Answer post(String id, String traceparent, byte[] body, long timestamp) {
        HttpRequest.Builder request = HttpRequest.newBuilder(settings.url())
                .timeout(settings.timeout())
                .header("content-type", "application/json")
                .header("webhook-id", id)
                .header("webhook-timestamp", Long.toString(timestamp))
                .header("webhook-signature", signer.sign(id, timestamp, body))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (traceparent != null) {
            request.header("traceparent", traceparent);
        }
        try {
            HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                byte[] start = in.readNBytes(Answer.EXCERPT_BYTES);
                return Answer.of(response.statusCode(), new String(start, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            return Answer.none(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.none(e);
        }
    }

    /** {@code order.*,review.opened} as one pattern: {@code *} stands for any characters. */
    private static Pattern glob(String globs) {
        return Pattern.compile(Arrays.stream(globs.split(","))
                .map(String::trim)
                .filter(g -> !g.isEmpty())
                .map(g -> Arrays.stream(g.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*")))
                .collect(Collectors.joining("|")));
    }

    public String name() {
        return name;
    }

    EndpointSettings settings() {
        return settings;
    }

    boolean wants(String type) {
        return type != null && types.matcher(type).matches();
    }

    /**
     * The delay before the next attempt when {@code attempts} have been made and none got a 2xx, ±10 %;
     * empty when the schedule is used up and the message has failed.
     */
    Optional<Duration> retryAfter(int attempts) {
        List<Duration> schedule = settings.retrySchedule();
        if (attempts < 1 || attempts > schedule.size()) {
            return Optional.empty();
        }
        long millis = schedule.get(attempts - 1).toMillis();
        long jitter = millis / 10;
        return Optional.of(Duration.ofMillis(
                millis + (jitter == 0 ? 0 : ThreadLocalRandom.current().nextLong(-jitter, jitter + 1))));
    }

    void succeeded(Instant at) {
        lastSuccess = at;
    }

    void failed(Failure failure) {
        lastFailure = failure;
    }

    public Optional<Instant> lastSuccess() {
        return Optional.ofNullable(lastSuccess);
    }

    public Optional<Failure> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }
}
