package dev.payhook.ingress;

import dev.payhook.alerts.Refusals;
import dev.payhook.broker.Envelope;
import dev.payhook.broker.Trace;
import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.component.jms.JmsComponent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * The steps of the ingress route template: admit (provider, content type, verification, envelope;
 * the body's size and pace are web.BodyReader's, before this runs), then the
 * provider's answer once the broker has the envelope, or the refusal when anything failed.
 */
@Component("ingress")
public class WebhookIngress {

    /** Exchange property the route template sets to its provider parameter. */
    public static final String PROVIDER = "provider";

    private static final Logger log = LoggerFactory.getLogger(WebhookIngress.class);
    private static final String UNSUPPORTED_CONTENT_TYPE = "unsupported_content_type";
    private static final String SOURCE_NOT_ALLOWED = "source_not_allowed";
    private static final String RATE_LIMITED = "rate_limited";
    private static final String DUPLICATE_SIGNATURE_HEADER = "duplicate_signature_header";
    /** Exchange property: the notification adds nothing to one already due, and is not queued. */
    static final String COALESCED = "payhookCoalesced";

    private final ProviderRegistry providers;
    private final Clock clock;
    private final MeterRegistry meters;
    private final Refusals refusals;
    private final RefusedWebhooks refused;
    private final JmsComponent broker;
    private final UnsignedNotifications unsigned;

    public WebhookIngress(
            ProviderRegistry providers,
            Clock clock,
            MeterRegistry meters,
            Refusals refusals,
            RefusedWebhooks refused,
            UnsignedNotifications unsigned,
            @Qualifier(IngressConnection.COMPONENT) JmsComponent broker) {
        this.unsigned = unsigned;
        this.providers = providers;
        this.broker = broker;
        this.clock = clock;
        this.meters = meters;
        this.refusals = refusals;
        this.refused = refused;
    }

    /**
     * Everything before the send. Whatever fails here is a refusal with its reason, never a 503:
     * a request that breaks a verifier (an overflowing number, a malformed part) is not verified.
     */
    public void admit(Exchange exchange) {
        Trace.enter(Trace.fromRequest(exchange.getIn().getHeader(Trace.TRACEPARENT, String.class)));
        String provider = exchange.getProperty(PROVIDER, String.class);
        try {
            admit(exchange, provider);
        } catch (WebhookRejected | IngressRefusal refusal) {
            throw refusal;
        } catch (RuntimeException e) {
            // the class only: a message may quote the request's headers, signatures included
            log.warn(
                    "A {} webhook broke its verification ({}): refused",
                    provider,
                    e.getClass().getName());
            throw new WebhookRejected("malformed_request");
        }
    }

    private void admit(Exchange exchange, String provider) {
        Provider p = providers.find(provider).orElseThrow(() -> new IngressRefusal(404, "unknown_provider"));
        SignatureScheme scheme = p.scheme();
        Message in = exchange.getIn();
        String source = refused.client(request(in));
        if (!p.allowsSource(source)) {
            throw new IngressRefusal(403, SOURCE_NOT_ALLOWED);
        }
        byte[] body = in.getBody(byte[].class);
        if (body == null) {
            body = new byte[0];
        }
        if (!scheme.acceptsContentType(in.getHeader(Exchange.CONTENT_TYPE, String.class))) {
            throw new IngressRefusal(415, UNSUPPORTED_CONTENT_TYPE);
        }
        if (duplicated(request(in), scheme)) {
            throw new IngressRefusal(400, DUPLICATE_SIGNATURE_HEADER);
        }
        Map<String, String> headers = copy(in, p.keptHeaders());
        headers.put("content-type", in.getHeader(Exchange.CONTENT_TYPE, String.class));
        Map<String, String> withSecrets = new HashMap<>(headers);
        withSecrets.putAll(copy(in, scheme.secretHeaderNames()));
        WebhookRequest request = new WebhookRequest(provider, body, withSecrets);
        scheme.verify(request);

        UUID receiptId = UUID.randomUUID();
        Envelope.webhook(receiptId, provider, clock.instant(), source, headers, Trace.current(), body)
                .writeTo(in);
        if (!scheme.authenticates()) {
            bound(exchange, provider, p, source, request);
        }
    }

    /** A notification anyone could have sent: within its source's rate, and one fetch per object per window. */
    private void bound(Exchange exchange, String provider, Provider p, String source, WebhookRequest request) {
        if (!unsigned.withinRate(provider, source)) {
            throw new IngressRefusal(429, RATE_LIMITED);
        }
        Optional<ObjectRef> named = p.namedObject(request);
        if (named.isEmpty()) {
            return;
        }
        UnsignedNotifications.Admission admission = unsigned.admit(provider, named.get());
        if (!admission.queued()) {
            exchange.setProperty(COALESCED, true);
        } else if (admission.due().isAfter(clock.instant())) {
            exchange.getIn()
                    .setHeader(
                            org.apache.activemq.artemis.api.core.Message.HDR_SCHEDULED_DELIVERY_TIME.toString(),
                            admission.due().toEpochMilli());
        }
    }

    /** Called only after the broker acknowledged the persistent send. */
    public void accepted(Exchange exchange) {
        String provider = exchange.getProperty(PROVIDER, String.class);
        accepted(provider).increment();
        answer(exchange, providers.get(provider).scheme().ack());
        answered(exchange, provider, "accepted");
        Trace.leave();
    }

    public void refused(Exchange exchange) {
        String named = exchange.getProperty(PROVIDER, String.class);
        // a metric tag: the path of an unknown provider is the caller's to choose, and must not mint meters
        String provider = providers.find(named).isPresent() ? named : "unknown";
        Exception e = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        if (e instanceof WebhookRejected rejected) {
            log.warn(
                    "Refused a {} webhook from {}: {}",
                    provider,
                    refused.client(request(exchange.getIn())),
                    rejected.reason());
            refusals.unverified(provider, rejected.reason());
            keep(exchange, provider, rejected.reason());
            refusedReceipts(provider).increment();
            answer(exchange, providers.get(provider).scheme().reject(rejected.reason()));
            answered(exchange, provider, "rejected");
        } else if (e instanceof IngressRefusal refusal) {
            refusals.counter(provider, refusal.reason()).increment();
            keep(exchange, provider, refusal.reason());
            answer(exchange, Acknowledgement.jsonError(refusal.status(), refusal.reason()));
            answered(exchange, provider, "rejected");
        } else {
            unavailable(provider).increment();
            IngressConnection.reset(broker);
            log.error(
                    "Could not persist a {} webhook to the broker; answered 503 so the provider retries: {}",
                    provider,
                    e == null ? "unknown" : e.toString());
            answer(exchange, Acknowledgement.jsonError(503, "broker_unavailable"));
            answered(exchange, provider, "unavailable");
        }
        Trace.leave();
    }

    /** A refusal of an enabled provider's webhook, kept for examination. */
    private void keep(Exchange exchange, String provider, String reason) {
        providers.find(provider).ifPresent(p -> {
            byte[] body = exchange.getIn().getBody(byte[].class);
            refused.keep(provider, p, request(exchange.getIn()), reason, body == null ? new byte[0] : body);
        });
    }

    /** From the request reaching the route to the answer: what the provider waits. */
    private void answered(Exchange exchange, String provider, String answer) {
        latency(provider, answer).record(Duration.ofMillis(exchange.getClock().elapsed()));
    }

    /**
     * Every provider's series at zero from the start, so a rule on {@code increase()} tells "none
     * yet" from "not reported" (the receipts' outcomes, rejected_signature included, are
     * ReceiptMetrics'). A signature refusal's reason is its scheme's own word, so of the refusals
     * only the ingress's own (the content type) is there before the first one.
     */
    @EventListener(ApplicationStartedEvent.class)
    void seriesAtZero() {
        for (String provider : providers.enabled().keySet()) {
            accepted(provider);
            unavailable(provider);
            refusals.counter(provider, UNSUPPORTED_CONTENT_TYPE);
            if (providers.get(provider).restrictsSources()) {
                refusals.counter(provider, SOURCE_NOT_ALLOWED);
            }
            if (!providers.get(provider).scheme().authenticates()) {
                refusals.counter(provider, RATE_LIMITED);
                meters.counter("payhook.ingress.coalesced", "provider", provider);
            }
            latency(provider, "accepted");
        }
    }

    private Counter accepted(String provider) {
        return meters.counter("payhook.ingress.accepted", "provider", provider);
    }

    /** A refused signature is also a receipt outcome, beside those processing counts. */
    private Counter refusedReceipts(String provider) {
        return meters.counter(
                "payhook.receipts", "provider", provider, "outcome", ReceiptOutcome.REJECTED_SIGNATURE.wireName());
    }

    private Counter unavailable(String provider) {
        return meters.counter("payhook.ingress.unavailable", "provider", provider);
    }

    private Timer latency(String provider, String answer) {
        return Timer.builder("payhook.ingress.latency")
                .description("from a provider's request reaching the ingress route to its answer")
                .tags("provider", provider, "answer", answer)
                .publishPercentileHistogram()
                .register(meters);
    }

    /** Camel copies message headers into the HTTP response: only the answer's own may remain. */
    private static void answer(Exchange exchange, Acknowledgement ack) {
        Message out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, ack.status());
        if (ack.contentType() != null) {
            out.setHeader(Exchange.CONTENT_TYPE, ack.contentType());
        }
        out.setBody(ack.body());
    }

    private static Map<String, String> copy(Message in, Iterable<String> names) {
        Map<String, String> headers = new HashMap<>();
        for (String name : names) {
            String value = in.getHeader(name, String.class);
            if (value != null) {
                headers.put(name, value);
            }
        }
        return headers;
    }

    /**
     * Whether a header the scheme verifies came more than once. Which of two signatures or
     * timestamps counts is for no scheme to guess: "bad, then good" must not pass where "good,
     * then bad" fails, so every scheme refuses both.
     */
    private static boolean duplicated(HttpServletRequest request, SignatureScheme scheme) {
        if (request == null) {
            return false;
        }
        return Stream.concat(scheme.headerNames().stream(), scheme.secretHeaderNames().stream())
                .anyMatch(name -> {
                    Enumeration<String> values = request.getHeaders(name);
                    if (values == null || !values.hasMoreElements()) {
                        return false;
                    }
                    values.nextElement();
                    return values.hasMoreElements();
                });
    }

    private static HttpServletRequest request(Message in) {
        return in.getHeader("CamelHttpServletRequest", HttpServletRequest.class);
    }
}
