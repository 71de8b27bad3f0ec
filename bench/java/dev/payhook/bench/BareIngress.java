package dev.payhook.bench;

import dev.payhook.ingress.IngressConnection;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.WebhookRequest;
import jakarta.jms.BytesMessage;
import jakarta.servlet.http.HttpServletRequest;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.camel.CamelContext;
import org.apache.camel.component.jms.JmsComponent;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The benchmark's reference for durable ingest (issue 16's I1), compiled only into the jar that
 * bench/run.sh builds ({@code mvn -Pbench}) and on only when it asks
 * ({@code payhook.bench.bare-ingress=true}): behind the same filters on the same listener, the
 * same signature check and the same persistent send through the ingress's connection factory,
 * without Camel, the envelope or the metrics. It answers 200 only after the broker acknowledged.
 */
@RestController
@ConditionalOnProperty(name = "payhook.bench.bare-ingress", havingValue = "true")
public class BareIngress {

    /** The provider id bench/run.sh configures (stripe's scheme, its own secret) for this path. */
    static final String PROVIDER = "bench-bare";

    private static final String QUEUE = "payhook.bench";

    private final Provider provider;
    private final JmsTemplate jms;
    private final CamelContext camel;

    public BareIngress(
            ProviderRegistry providers,
            @Qualifier(IngressConnection.COMPONENT) JmsComponent ingress,
            CamelContext camel) {
        this.camel = camel;
        this.provider = providers.get(PROVIDER);
        this.jms = new JmsTemplate(ingress.getConnectionFactory());
        jms.setDeliveryPersistent(true);
        jms.setExplicitQosEnabled(true);
    }

    /**
     * The gateway gives every enabled provider the template's ingress route (ingress/IngressRoutes),
     * this one too: taken away once made, so that this handler alone answers its path.
     */
    @EventListener(ApplicationReadyEvent.class)
    public void withoutTheTemplatesRoute() throws Exception {
        String route = "ingress-" + PROVIDER;
        camel.getRouteController().stopRoute(route);
        if (!camel.removeRoute(route)) {
            throw new IllegalStateException("the template's route of " + PROVIDER + " could not be removed");
        }
    }

    @PostMapping(path = "/webhooks/" + PROVIDER, produces = MediaType.APPLICATION_JSON_VALUE)
    public ResponseEntity<String> receive(@RequestBody(required = false) byte[] body, HttpServletRequest request) {
        int status = receive(body, request::getHeader);
        return ResponseEntity.status(status).body(answer(status));
    }

    /** The handler's work on any engine: the HTTP status it answers. */
    int receive(byte[] body, UnaryOperator<String> header) {
        byte[] bytes = body == null ? new byte[0] : body;
        Map<String, String> headers = new HashMap<>();
        for (String name : Stream.concat(
                        provider.keptHeaders().stream(), provider.scheme().secretHeaderNames().stream())
                .toList()) {
            String value = header.apply(name);
            if (value != null) {
                headers.put(name, value);
            }
        }
        try {
            provider.scheme().verify(new WebhookRequest(PROVIDER, bytes, headers));
        } catch (RuntimeException refused) {
            return 401;
        }
        jms.send(QUEUE, session -> {
            BytesMessage message = session.createBytesMessage();
            message.writeBytes(bytes);
            return message;
        });
        return 200;
    }

    static String answer(int status) {
        return status == 200 ? "{\"received\":true}" : "{\"error\":\"invalid_signature\"}";
    }
}
