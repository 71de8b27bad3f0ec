package dev.payhook.delivery;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A merchant's HTTP endpoint as its route uses it, and what this instance last saw of it. */
public final class Endpoint {

    /** The last answer that was not a 2xx in time: its status code, or {@code timeout} / {@code error}. */
    public record DeliveryFailure(Instant at, String status) {}

    private final String name;
    private final EndpointSettings settings;
    private final WebhookSigner signer;
    private final HttpPoster http;
    private volatile Instant lastSuccess;
    private volatile DeliveryFailure lastFailure;

    Endpoint(String name, EndpointSettings settings) {
        this.name = name;
        this.settings = settings;
        this.signer = new WebhookSigner(settings.secrets());
        this.http = new HttpPoster(settings.url(), settings.timeout(), settings.concurrency());
    }

    /**
     * POSTs {@code body} signed for this attempt (DESIGN.md §11.2): the same {@code webhook-id} on every
     * attempt, a timestamp and signature of its own.
     */
    Answer post(String id, String traceparent, byte[] body, long timestamp) {
        Map<String, String> headers = signer.headers(id, timestamp, body);
        if (traceparent != null) {
            headers.put("traceparent", traceparent);
        }
        return http.post(headers, body);
    }

    void close() throws IOException {
        http.close();
    }

    /** The types it wants, as written in its {@code types} setting: its queue keeps no others. */
    List<String> kinds() {
        return Arrays.asList(settings.types().split(","));
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
        return RetrySchedule.after(settings.retrySchedule(), attempts);
    }

    void succeeded(Instant at) {
        lastSuccess = at;
    }

    void failed(DeliveryFailure failure) {
        lastFailure = failure;
    }

    public Optional<Instant> lastSuccess() {
        return Optional.ofNullable(lastSuccess);
    }

    public Optional<DeliveryFailure> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }
}
