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
import java.util.stream.Collectors;

/** A merchant's HTTP endpoint as its route uses it, and what this instance last saw of it. */
public final class Endpoint {

    /** The last answer that was not a 2xx in time: its status code, or {@code timeout} / {@code error}. */
    public record Failure(Instant at, String status) {}

    /** A 2xx's body is not read at all; of any other answer, the first {@link Answer#EXCERPT_BYTES} bytes. */
    private static final HttpResponse.BodyHandler<String> EXCERPT_UNLESS_TAKEN = info -> info.statusCode() / 100 == 2
            ? HttpResponse.BodySubscribers.replacing("")
            : HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofInputStream(), Endpoint::excerpt);

    private final String name;
    private final EndpointSettings settings;
    private final WebhookSigner signer;
    private final HttpClient http;
    private volatile Instant lastSuccess;
    private volatile Failure lastFailure;

    Endpoint(String name, EndpointSettings settings) {
        this.name = name;
        this.settings = settings;
        this.signer = new WebhookSigner(settings.secrets());
        // one client per endpoint: its own connection pool, so a slow endpoint holds no other's connections
        this.http = HttpClient.newBuilder()
                // plain http is for local development: no attempt to upgrade it to HTTP/2 (h2c)
                .version(
                        "http".equals(settings.url().getScheme())
                                ? HttpClient.Version.HTTP_1_1
                                : HttpClient.Version.HTTP_2)
                .connectTimeout(settings.timeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /**
     * POSTs {@code body} signed for this attempt (DESIGN.md §11.2): the same {@code webhook-id} on every
     * attempt, a timestamp and signature of its own. The status and headers must come within the timeout
     * (the JDK client's request timeout); a 2xx's body is not read.
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
            HttpResponse<String> response = http.send(request.build(), EXCERPT_UNLESS_TAKEN);
            return Answer.of(response.statusCode(), response.body());
        } catch (IOException e) {
            return Answer.none(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.none(e);
        }
    }

    private static String excerpt(InputStream body) {
        try (InputStream in = body) {
            return new String(in.readNBytes(Answer.EXCERPT_BYTES), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(the body could not be read: " + e.getClass().getSimpleName() + ")";
        }
    }

    /**
     * The broker-side filter of the endpoint's queue: only the types it wants are kept there at all.
     * {@code *} becomes LIKE's {@code %}; LIKE's own wildcards and quotes in a type are escaped.
     */
    String queueFilter() {
        return Arrays.stream(settings.types().split(","))
                .map(String::trim)
                .filter(g -> !g.isEmpty())
                .map(g -> MerchantDelivery.TYPE + " LIKE '"
                        + g.replace("!", "!!")
                                .replace("%", "!%")
                                .replace("_", "!_")
                                .replace("'", "''")
                                .replace("*", "%")
                        + "' ESCAPE '!'")
                .collect(Collectors.joining(" OR "));
    }

    public String name() {
        return name;
    }

    EndpointSettings settings() {
        return settings;
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
