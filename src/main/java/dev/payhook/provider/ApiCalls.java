package dev.payhook.provider;

import dev.payhook.config.ReconcileProperties;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * How every call to a provider's API is made: bounded by {@code payhook.reconcile.http-timeout},
 * and a failed one tried again with exponential backoff and jitter up to
 * {@code payhook.reconcile.attempts} times, then given up as an {@link ApiFailure}.
 */
@Component
public class ApiCalls {

    private final HttpClient http;
    private final Duration timeout;
    private final int attempts;
    private final Duration initialBackoff;

    public ApiCalls(ReconcileProperties properties) {
        this.timeout = properties.getHttpTimeout();
        this.attempts = properties.getAttempts();
        this.initialBackoff = properties.getInitialBackoff();
        this.http = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    public Duration timeout() {
        return timeout;
    }

    /** {@code call}, tried again while it throws {@link ApiFailure}; the last failure is thrown. */
    public <T> T retrying(Supplier<T> call) {
        ApiFailure last = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            try {
                return call.get();
            } catch (ApiFailure e) {
                last = e;
            }
            if (attempt < attempts) {
                pause(attempt);
            }
        }
        throw new ApiFailure(last.getMessage() + (attempts > 1 ? " (" + attempts + " attempts)" : ""));
    }

    /**
     * One exchange, not retried (wrap it in {@link #retrying}): the answer whatever its status, or
     * an {@link ApiFailure} naming {@code what} when there was none in time.
     */
    public HttpResponse<byte[]> send(HttpRequest.Builder request, String what) {
        try {
            return http.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new ApiFailure(what + ": no answer within " + timeout.toMillis() + " ms");
        } catch (IOException e) {
            throw new ApiFailure(what + ": " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiFailure(what + ": interrupted");
        }
    }

    /**
     * {@code GET url} with a bearer key (null: an API that takes none), tried again on failure: the answer, whose body is JSON when
     * its status is 2xx; another status is a failure unless {@code alsoAccepted}.
     */
    public HttpResponse<byte[]> getJson(String url, String bearerKey, String what, int... alsoAccepted) {
        return retrying(() -> getJsonOnce(url, bearerKey, what, alsoAccepted));
    }

    /** {@link #getJson} tried once, for a caller that retries a larger step itself. */
    public HttpResponse<byte[]> getJsonOnce(String url, String bearerKey, String what, int... alsoAccepted) {
        return getOnce(url, bearerKey == null ? null : "Bearer " + bearerKey, what, alsoAccepted);
    }

    /** {@link #getJson} with the whole {@code Authorization} header (null: none), for APIs that take another scheme. */
    public HttpResponse<byte[]> getAuthorized(String url, String authorization, String what, int... alsoAccepted) {
        return retrying(() -> getOnce(url, authorization, what, alsoAccepted));
    }

    /** {@link #getAuthorized} tried once. */
    public HttpResponse<byte[]> getOnce(String url, String authorization, String what, int... alsoAccepted) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Accept", "application/json");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<byte[]> answer = expect(send(request.GET(), what), what, alsoAccepted);
        if (answer.statusCode() / 100 == 2) {
            try {
                WireJson.tree(answer.body());
            } catch (UnparseablePayload e) {
                throw new ApiFailure(what + ": malformed answer (" + e.getMessage() + ")");
            }
        }
        return answer;
    }

    /**
     * The object at {@code url} as one fact of {@code kind}, tried again on failure; none when the
     * provider answers 404 (it does not know the id).
     */
    public List<Fact> fetched(String kind, String url, String authorization, String what) {
        HttpResponse<byte[]> answer = getAuthorized(url, authorization, what, 404);
        return answer.statusCode() == 404 ? List.of() : List.of(new Fact(kind, answer.body()));
    }

    /** {@code GET <base>/<collection>/<id>} as {@link #fetched}, named {@code GET /<collection>/{id}}. */
    public List<Fact> fetchedById(String kind, String base, String collection, String id, String authorization) {
        return fetched(kind, base + "/" + collection + "/" + encode(id), authorization, "GET /" + collection + "/{id}");
    }

    /**
     * {@code POST url} of {@code body} as JSON with the whole {@code Authorization} header, tried
     * once: the answer whatever its status.
     */
    public HttpResponse<byte[]> postAuthorized(String url, String authorization, Object body, String what) {
        return send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("Authorization", authorization)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(WireJson.json(body))),
                what);
    }

    /** The answer when its status is 2xx (or {@code alsoAccepted}); otherwise a failure naming the status. */
    public static HttpResponse<byte[]> expect(HttpResponse<byte[]> response, String what, int... alsoAccepted) {
        int status = response.statusCode();
        for (int accepted : alsoAccepted) {
            if (status == accepted) {
                return response;
            }
        }
        if (status / 100 != 2) {
            throw new ApiFailure(what + ": HTTP " + status);
        }
        return response;
    }

    /** A value as one URL path segment or query parameter. */
    public static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private void pause(int attempt) {
        long base = initialBackoff.toMillis() << Math.min(attempt - 1, 10);
        long jittered = base / 2 + ThreadLocalRandom.current().nextLong(base / 2 + 1);
        try {
            Thread.sleep(jittered);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiFailure("interrupted while waiting to try again");
        }
    }
}
