package dev.payhook.delivery;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One attempt against a real HTTP server: what the endpoint answered, bounded in time and size, and
 * every way of not answering told apart (the route retries both alike; ops read the difference).
 */
class HttpPosterTest {

    private static final byte[] BODY = "{\"type\":\"order.paid\"}".getBytes(StandardCharsets.UTF_8);
    private static final Duration TIMEOUT = Duration.ofMillis(500);

    private static WireMockServer server;

    @BeforeAll
    static void start() {
        server = new WireMockServer(wireMockConfig().dynamicPort());
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop();
    }

    private static Answer postTo(String path) {
        try (HttpPoster poster = new HttpPoster(URI.create(server.baseUrl() + path), TIMEOUT, 2)) {
            return poster.post(Map.of("webhook-id", "order:o-1:1"), BODY);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aTwoHundredIsTakenAndTheHeadersAndBodyAreSent() {
        server.stubFor(post(urlPathEqualTo("/ok")).willReturn(aResponse().withStatus(204)));
        assertThat(postTo("/ok")).isEqualTo(new Answer(204, "", "2xx"));
        var sent = server.findAll(postRequestedFor(urlPathEqualTo("/ok"))).get(0);
        assertThat(sent.getHeader("webhook-id")).isEqualTo("order:o-1:1");
        assertThat(sent.getHeader("content-type")).isEqualTo("application/json");
        assertThat(sent.getBody()).isEqualTo(BODY);
    }

    @Test
    void ofAnyOtherAnswerTheFirstKibibyteIsKept() {
        String long500 = "x".repeat(5000);
        server.stubFor(post(urlPathEqualTo("/long"))
                .willReturn(aResponse().withStatus(500).withBody(long500)));
        Answer answer = postTo("/long");
        assertThat(answer.result()).isEqualTo("5xx");
        assertThat(answer.excerpt()).hasSize(Answer.EXCERPT_BYTES);
    }

    @Test
    void noStatusWithinTheTimeoutIsATimeout() {
        server.stubFor(post(urlPathEqualTo("/slow"))
                .willReturn(aResponse().withStatus(200).withFixedDelay(3000)));
        Answer answer = postTo("/slow");
        assertThat(answer.result()).isEqualTo("timeout");
        assertThat(answer.status()).isNull();
    }

    @Test
    void aBodyDribbledPastTheDeadlineIsCutThereNotReadToItsEnd() {
        server.stubFor(post(urlPathEqualTo("/dribble"))
                .willReturn(
                        aResponse().withStatus(503).withBody("y".repeat(100)).withChunkedDribbleDelay(50, 10_000)));
        long started = System.nanoTime();
        Answer answer = postTo("/dribble");
        // the status came in time; its body did not: the endpoint's consumer is free long before 10 s
        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.excerpt()).startsWith("(the body could not be read");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aConnectionTheEndpointDropsIsAnError() {
        server.stubFor(
                post(urlPathEqualTo("/reset")).willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        Answer answer = postTo("/reset");
        assertThat(answer.result()).isEqualTo("error");
        assertThat(answer.statusOrResult()).isEqualTo("error");
    }

    @Test
    void aRedirectIsAnAnswerNotFollowed() {
        server.stubFor(post(urlPathEqualTo("/moved"))
                .willReturn(aResponse().withStatus(307).withHeader("Location", server.baseUrl() + "/ok")));
        Answer answer = postTo("/moved");
        assertThat(answer.status()).isEqualTo(307);
        assertThat(answer.taken()).isFalse();
        assertThat(server.findAll(postRequestedFor(urlPathEqualTo("/ok")))).isEmpty();
    }
}
