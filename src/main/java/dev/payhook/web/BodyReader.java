package dev.payhook.web;

import dev.payhook.config.IngressProperties;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads the body of a request on the public listener without holding a thread while it arrives,
 * then hands the request on with its body in memory. A client that sends a byte now and then so
 * holds a connection, never one of Tomcat's workers or the pool Camel's handler runs on, and the
 * providers' webhooks are still answered beside hundreds of such clients. A body that is not
 * complete within {@code payhook.ingress.body-timeout}, or that after its first second arrives
 * slower than {@code payhook.ingress.min-body-rate}, is answered 408 and its connection closed;
 * one over {@code payhook.ingress.max-body} 413. Runs after {@link AccessFilter} and {@link
 * WebhookGate}: a request they refuse is answered without its body being read. The management
 * listener, behind the ops token, reads bodies the ordinary way ({@link BodyLimitFilter}).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
public class BodyReader extends OncePerRequestFilter {

    private static final String BODY = BodyReader.class.getName() + ".body";
    private static final long FREE_NANOS = 1_000_000_000L;

    private final Listeners listeners;
    private final EdgeRefusals refusals;
    private final int maxBody;
    private final long timeoutMillis;
    private final long minBytesPerSecond;

    public BodyReader(Listeners listeners, EdgeRefusals refusals, IngressProperties ingress) {
        this.listeners = listeners;
        this.refusals = refusals;
        this.maxBody =
                (int) Math.min(Integer.MAX_VALUE - 1, ingress.getMaxBody().toBytes());
        this.timeoutMillis = ingress.getBodyTimeout().toMillis();
        this.minBytesPerSecond = ingress.getMinBodyRate().toBytes();
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return listeners.isManagement(request);
    }

    /** The body is handed on in the dispatch that follows its reading. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getAttribute(BODY) instanceof byte[] body) {
            chain.doFilter(new BufferedRequest(request, body), response);
            return;
        }
        if (isAsyncDispatch(request) || !hasBody(request)) {
            chain.doFilter(request, response);
            return;
        }
        if (request.getContentLengthLong() > maxBody) {
            refuse(request, response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "body_too_large", new byte[0]);
            return;
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(timeoutMillis);
        Reading reading = new Reading(async, request, request.getInputStream(), response);
        async.addListener(reading);
        reading.in.setReadListener(reading);
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    /** The body is not read any further: the connection is closed rather than drained. */
    private void refuse(
            HttpServletRequest request, HttpServletResponse response, int status, String reason, byte[] read)
            throws IOException {
        String provider = EdgeRefusals.provider(request);
        if (provider != null) {
            refusals.refused(provider, request, reason, read);
        }
        response.setHeader("Connection", "close");
        Answers.error(response, status, reason);
    }

    /** One body being read, on whichever container thread has its next bytes. */
    private final class Reading implements ReadListener, AsyncListener {

        private final AsyncContext async;
        private final HttpServletRequest request;
        private final ServletInputStream in;
        private final HttpServletResponse response;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private final byte[] buffer = new byte[8192];
        private final long started = System.nanoTime();
        private boolean ended;

        Reading(AsyncContext async, HttpServletRequest request, ServletInputStream in, HttpServletResponse response) {
            this.async = async;
            this.request = request;
            this.in = in;
            this.response = response;
        }

        @Override
        public synchronized void onDataAvailable() throws IOException {
            while (!ended && in.isReady()) {
                int read = in.read(buffer);
                if (read < 0) {
                    return;
                }
                body.write(buffer, 0, read);
                if (body.size() > maxBody) {
                    end(HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, "body_too_large");
                }
            }
            if (!ended && !in.isFinished() && tooSlow()) {
                end(HttpServletResponse.SC_REQUEST_TIMEOUT, "body_too_slow");
            }
        }

        private boolean tooSlow() {
            long elapsed = System.nanoTime() - started;
            return elapsed > FREE_NANOS && body.size() * 1_000_000_000L / elapsed < minBytesPerSecond;
        }

        @Override
        public synchronized void onAllDataRead() {
            if (!ended) {
                ended = true;
                async.getRequest().setAttribute(BODY, body.toByteArray());
                async.dispatch();
            }
        }

        @Override
        public synchronized void onTimeout(AsyncEvent event) throws IOException {
            end(HttpServletResponse.SC_REQUEST_TIMEOUT, "body_timeout");
        }

        /**
         * The client went away mid-body or broke the chunked framing: the container allows no more
         * I/O on the connection and closes it, as it does for such a request without this filter.
         */
        @Override
        public synchronized void onError(Throwable failure) {
            if (!ended) {
                ended = true;
                async.complete();
            }
        }

        @Override
        public void onError(AsyncEvent event) {
            onError(event.getThrowable());
        }

        private void end(int status, String reason) throws IOException {
            if (!ended) {
                ended = true;
                try {
                    refuse(request, response, status, reason, body.toByteArray());
                } finally {
                    async.complete();
                }
            }
        }

        @Override
        public void onComplete(AsyncEvent event) {}

        @Override
        public void onStartAsync(AsyncEvent event) {}
    }
}
