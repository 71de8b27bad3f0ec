package dev.payhook.support;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The merchant's web application, as an HTTP server that takes Payhook's deliveries: 200 to any POST
 * unless a test stubs otherwise for its own order. Every test's deliveries reach it.
 */
public final class MerchantReceiver {

    /** The secrets the test endpoint signs with: the current one and the one being rotated out. */
    public static final String SECRET = "whsec_"
            + Base64.getEncoder().encodeToString("payhook-merchant-test-key-current".getBytes(StandardCharsets.UTF_8));

    public static final String PREVIOUS_SECRET = "whsec_"
            + Base64.getEncoder().encodeToString("payhook-merchant-test-key-previous".getBytes(StandardCharsets.UTF_8));

    private static WireMockServer server;

    private MerchantReceiver() {}

    public static synchronized WireMockServer server() {
        if (server == null) {
            server = new WireMockServer(
                    wireMockConfig().dynamicPort().containerThreads(16).maxRequestJournalEntries(20_000));
            server.start();
            server.stubFor(any(urlPathMatching("/hooks/.*"))
                    .atPriority(10)
                    .willReturn(aResponse().withStatus(200)));
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
        }
        return server;
    }

    /** Endpoint {@code name}'s messages whose body contains {@code text} get {@code answer}; the stub, to remove it. */
    public static StubMapping answer(String name, String text, ResponseDefinitionBuilder answer) {
        return server().stubFor(post(urlPathEqualTo("/hooks/" + name))
                .withRequestBody(containing(text))
                .willReturn(answer));
    }

    /** Where endpoint {@code name} delivers. */
    public static String url(String name) {
        return server().baseUrl() + "/hooks/" + name;
    }

    /** What endpoint {@code name} was sent whose body contains {@code text}, oldest first. */
    /** What any HTTP client sends of itself; besides these, a request carries only what Payhook documents. */
    public static final Set<String> TRANSPORT = Set.of(
            "host",
            "content-length",
            "connection",
            "user-agent",
            "accept-encoding",
            "transfer-encoding",
            "upgrade",
            "http2-settings",
            "expect");

    /** A request's headers by lower-case name, as a Standard Webhooks library takes them. */
    public static Map<String, List<String>> headers(LoggedRequest r) {
        return r.getHeaders().all().stream()
                .collect(Collectors.toMap(h -> h.key().toLowerCase(Locale.ROOT), h -> h.values()));
    }

    /** The names of the headers a request carried beyond {@link #TRANSPORT} and {@code documented}. */
    public static Set<String> undocumented(LoggedRequest r, Set<String> documented) {
        Set<String> names = new TreeSet<>(headers(r).keySet());
        names.removeAll(TRANSPORT);
        names.removeAll(documented);
        return names;
    }

    public static List<LoggedRequest> received(String name, String text) {
        List<LoggedRequest> all = server().findAll(
                        postRequestedFor(urlPathMatching("/hooks/" + name)).withRequestBody(containing(text)));
        return all.stream()
                .sorted(Comparator.comparing(LoggedRequest::getLoggedDate))
                .toList();
    }
}
