package dev.payhook.bench;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import org.apache.camel.CamelContext;
import org.apache.camel.component.platform.http.PlatformHttpComponent;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpEngine;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpRouter;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServerConfiguration;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * The trial of Camel's Vert.x engine: with {@code payhook.bench.vertx-port} set, every platform-http
 * route (the webhook routes) is served by a Vert.x server on that port instead of Tomcat.
 */
@Component
@ConditionalOnProperty(name = "payhook.bench.vertx-port")
public class VertxListener implements CamelContextConfiguration {

    private final int port;
    private final int workers;
    private final ObjectProvider<BareIngress> bare;

    /**
     * {@code workers}: Vert.x's worker pool, where both the route and the bare handler block on the
     * persistent send; the broker's journal commits the sends in flight together, so fewer threads
     * than connections holds both back (Vert.x's default is 20).
     */
    public VertxListener(
            @Value("${payhook.bench.vertx-port}") int port,
            @Value("${payhook.bench.vertx-workers:64}") int workers,
            ObjectProvider<BareIngress> bare) {
        this.port = port;
        this.workers = workers;
        this.bare = bare;
    }

    @Override
    public void beforeApplicationStart(CamelContext camel) {
        VertxPlatformHttpServerConfiguration conf = new VertxPlatformHttpServerConfiguration();
        conf.setBindHost("0.0.0.0");
        conf.setBindPort(port);
        conf.setMaxBodySize(1024L * 1024L);
        try {
            VertxPlatformHttpServer server = new VertxPlatformHttpServer(conf);
            server.setVertx(Vertx.vertx(new VertxOptions().setWorkerPoolSize(workers)));
            camel.addService(server, true, true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        camel.getComponent("platform-http", PlatformHttpComponent.class).setEngine(new VertxPlatformHttpEngine());
    }

    /** The bare durable handler on the same Vert.x server, on a path of its own, run off the event loop. */
    @Override
    public void afterApplicationStart(CamelContext camel) {
        BareIngress bare = this.bare.getIfAvailable();
        if (bare == null) {
            return;
        }
        VertxPlatformHttpRouter router = camel.getRegistry()
                .findByType(VertxPlatformHttpRouter.class)
                .iterator()
                .next();
        router.post("/bench-bare")
                .handler(router.bodyHandler())
                .blockingHandler(
                        context -> {
                            Buffer body = context.body().buffer();
                            int status = bare.receive(
                                    body == null ? null : body.getBytes(), name -> context.request().getHeader(name));
                            context.response()
                                    .setStatusCode(status)
                                    .putHeader("Content-Type", "application/json")
                                    .end(BareIngress.answer(status));
                        },
                        false);
    }
}
