package dev.payhook.support;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.WireMockServer;

/**
 * The providers' APIs as the reconciler meets them in tests: one WireMock server for the whole
 * test JVM (the gateway's context is shared, so its base URLs must stay put), each provider under
 * its own path prefix. Tests stub the answers they need under ids no other test uses.
 */
public final class ApiStubs {

    public static final String STRIPE_KEY = "sk_test_PayhookReconcilerKey0000";
    public static final String PADDLE_KEY = "pdl_sdbx_apikey_PayhookReconcilerKey0000";
    public static final String DODO_KEY = "dodo_test_PayhookReconcilerKey0000";

    private static WireMockServer server;

    private ApiStubs() {}

    public static synchronized WireMockServer server() {
        if (server == null) {
            server = new WireMockServer(wireMockConfig().dynamicPort().containerThreads(8));
            server.start();
            // Dodo finds an order's payment by reading its newest payments: by default it has none
            server.stubFor(get(urlPathEqualTo("/dodo/payments")).atPriority(10).willReturn(okJson("{\"items\":[]}")));
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
        }
        return server;
    }

    /** The base URL configured as {@code payhook.providers.<provider>.api.base-url}. */
    public static String baseUrl(String provider) {
        return server().baseUrl() + "/" + provider;
    }
}
