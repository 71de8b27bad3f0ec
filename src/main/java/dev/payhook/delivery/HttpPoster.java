package dev.payhook.delivery;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * One endpoint's HTTP/1.1 connection pool, and the POST of an attempt under a hard deadline: the
 * status, the headers and at most {@link Answer#EXCERPT_BYTES} of the body must come within the
 * timeout, or the connection is cut. Apache HttpClient's classic client does the I/O on the calling
 * thread: the JDK's client hands every request between its own threads, and cost about 4 times the
 * CPU per request against the same local receiver. Nothing is retried here and no redirect is
 * followed: the route's schedule retries, with the same webhook-id.
 */
final class HttpPoster implements AutoCloseable {

    /** Cuts the attempts whose deadline passed: one daemon thread for every endpoint, idle in between. */
    private static final ScheduledThreadPoolExecutor DEADLINES = deadlines();

    /** As the JDK client sent it: UTF-8 is JSON's only encoding (RFC 8259), so no charset is named. */
    private static final ContentType JSON = ContentType.create("application/json");

    private final URI url;
    private final Duration timeout;
    private final CloseableHttpClient http;

    HttpPoster(URI url, Duration timeout, int connections) {
        this.url = url;
        this.timeout = timeout;
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        // one pool per endpoint: a slow endpoint holds no other's connections
                        .setMaxConnPerRoute(connections)
                        .setMaxConnTotal(connections)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(timeout))
                                .setSocketTimeout(Timeout.of(timeout))
                                // a kept-alive connection the endpoint closed meanwhile is found before it is used
                                .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                                .build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setResponseTimeout(Timeout.of(timeout))
                        .build())
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableContentCompression()
                .disableCookieManagement()
                .disableAuthCaching()
                .setUserAgent("Payhook")
                .build();
    }

    /** POSTs {@code body} with {@code headers}; never throws, an attempt that got no answer says why. */
    Answer post(Map<String, String> headers, byte[] body) {
        HttpPost post = new HttpPost(url);
        headers.forEach(post::setHeader);
        post.setEntity(new ByteArrayEntity(body, JSON));
        // set before the cut: the calling thread can see the cut's exception before the task is done
        AtomicBoolean cut = new AtomicBoolean();
        Future<?> deadline = DEADLINES.schedule(
                () -> {
                    cut.set(true);
                    post.cancel();
                },
                timeout.toMillis(),
                TimeUnit.MILLISECONDS);
        ClassicHttpResponse response = null;
        try {
            response = http.executeOpen(null, post, null);
            return Answer.of(response.getCode(), excerpt(response.getEntity(), post));
        } catch (IOException | RuntimeException e) {
            return Answer.none(e, cut.get() || e instanceof SocketTimeoutException);
        } finally {
            deadline.cancel(false);
            closeQuietly(response);
        }
    }

    /**
     * The first bytes of the body. A body read to its end leaves the connection to be used again; the
     * rest of a longer one is not read, its connection is cut instead.
     */
    private static String excerpt(HttpEntity entity, HttpPost post) {
        if (entity == null) {
            return "";
        }
        try {
            InputStream in = entity.getContent();
            String excerpt = new String(in.readNBytes(Answer.EXCERPT_BYTES), StandardCharsets.UTF_8);
            if (in.read() != -1) {
                post.cancel();
            }
            return excerpt;
        } catch (IOException e) {
            return "(the body could not be read: " + e.getClass().getSimpleName() + ")";
        }
    }

    private static void closeQuietly(ClassicHttpResponse response) {
        if (response != null) {
            try {
                response.close();
            } catch (IOException | RuntimeException alreadyCut) {
                // the connection is gone either way; the answer was read
            }
        }
    }

    @Override
    public void close() throws IOException {
        http.close();
    }

    private static ScheduledThreadPoolExecutor deadlines() {
        ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, task -> {
            Thread t = new Thread(task, "payhook-delivery-deadlines");
            t.setDaemon(true);
            return t;
        });
        deadlines.setRemoveOnCancelPolicy(true);
        return deadlines;
    }
}
