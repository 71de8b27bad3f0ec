package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.Scrape;
import dev.payhook.support.TestProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every refusal at a provider's endpoint is kept to be examined: where it came from, its headers
 * minus credential values, its first 64 KB of body with the length and digest of all of it. A
 * provider's {@code allowed-sources} are checked on the client address the trusted proxies give,
 * before the signature.
 */
class RefusedRequestsTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;
    private static final String PATH = "/webhooks/" + FENCED;
    private static final String ALLOWED = "203.0.113.9";

    @Test
    void aForgedWebhookIsKeptWithItsHeadersMinusCredentialsAndTheDigestOfItsWholeBody() throws Exception {
        Instant since = Instant.now();
        byte[] body = new byte[100_000];
        Arrays.fill(body, (byte) 'x');
        String marker = unique("forged");
        System.arraycopy(marker.getBytes(StandardCharsets.UTF_8), 0, body, 0, marker.length());
        Map<String, String> headers = new HashMap<>(
                STRIPE.sign("whsec_not_ours", "evt_forged", Instant.now().getEpochSecond(), body));
        headers.put("Authorization", "Basic c2VjcmV0LXZhbHVlOnRvcC1zZWNyZXQ=");
        headers.put("X-Forwarded-For", ALLOWED);

        assertThat(gateway.post(PATH, "application/json", body, headers).status())
                .isEqualTo(401);

        JsonNode kept = keptSince(since, "signature");
        assertThat(kept.path("source_ip").asString()).isEqualTo(ALLOWED);
        assertThat(kept.path("headers").path("authorization").asString()).isEqualTo("(redacted)");
        assertThat(kept.path("headers").path("stripe-signature").asString()).startsWith("t=");
        assertThat(kept.toString()).doesNotContain("c2VjcmV0LXZhbHVlOnRvcC1zZWNyZXQ=");
        assertThat(kept.path("body_length").asInt()).isEqualTo(100_000);
        assertThat(kept.path("body_kept").asInt()).isEqualTo(64 * 1024);
        assertThat(kept.path("body").asString()).startsWith(marker);
        assertThat(kept.path("body_sha256").asString()).isEqualTo(sha256(body));
    }

    @Test
    void aBodyTooLargeAndAWrongContentTypeAreKeptToo() throws Exception {
        Instant since = Instant.now();
        byte[] huge = new byte[1024 * 1024 + 1];
        Map<String, String> from = Map.of("X-Forwarded-For", ALLOWED);
        assertThat(gateway.post(PATH, "application/json", huge, from).status()).isEqualTo(413);
        assertThat(gateway.post(PATH, "text/plain", "hello".getBytes(StandardCharsets.UTF_8), from)
                        .status())
                .isEqualTo(415);

        JsonNode tooLarge = keptSince(since, "body_too_large");
        assertThat(tooLarge.path("body_length").asInt())
                .as("refused before it was read")
                .isZero();
        assertThat(keptSince(since, "unsupported_content_type").path("body").asString())
                .isEqualTo("hello");
    }

    @Test
    void behindATrustedProxyOnlyTheAllowedSourcesAreRead() throws Exception {
        Instant since = Instant.now();
        double refusedBefore = sourceRefusals();
        String event = unique("evt");
        byte[] body = STRIPE.payment(event, unique("pay"), unique("ord"), 500, "USD", Instant.now());
        Map<String, String> headers = new HashMap<>(STRIPE.sign(event, body));

        headers.put("X-Forwarded-For", "198.51.100.7");
        Gateway.Answer refused = gateway.post(PATH, "application/json", body, headers);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body()).contains("source_not_allowed");
        assertThat(keptSince(since, "source_not_allowed").path("source_ip").asString())
                .isEqualTo("198.51.100.7");
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ?", event))
                .isZero();
        assertThat(sourceRefusals() - refusedBefore).isEqualTo(1);

        headers.put("X-Forwarded-For", "198.51.100.7, " + ALLOWED);
        assertThat(gateway.post(PATH, "application/json", body, headers).status())
                .isEqualTo(200);
        awaitReceipts(FENCED, event, 1);
        assertThat(jdbc.queryForObject("SELECT source_ip FROM receipts WHERE event_id = ?", String.class, event))
                .isEqualTo(ALLOWED);
    }

    /** 127.0.0.2 is not among the trusted proxies: the address it writes in X-Forwarded-For is not believed. */
    @Test
    void fromAnUntrustedProxyTheClaimedSourceIsNotBelieved() throws Exception {
        Instant since = Instant.now();
        String event = unique("evt");
        byte[] body = STRIPE.payment(event, unique("pay"), unique("ord"), 500, "USD", Instant.now());
        Map<String, String> headers = new HashMap<>(STRIPE.sign(event, body));
        headers.put("X-Forwarded-For", ALLOWED);

        assertThat(postFrom(new byte[] {127, 0, 0, 2}, body, headers)).isEqualTo(403);
        assertThat(keptSince(since, "source_not_allowed").path("source_ip").asString())
                .isEqualTo("127.0.0.2");
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ?", event))
                .isZero();
    }

    @Test
    void theListFiltersAndRefusesWhatItCannotRead() {
        assertThat(gateway.get("/ops/refused?since=yesterday").status()).isEqualTo(400);
        assertThat(gateway.get("/ops/refused/00000000-0000-0000-0000-000000000000")
                        .status())
                .isEqualTo(404);
        assertThat(gateway.get("/ops/refused?provider=" + FENCED + "&reason=no_such_reason")
                        .json())
                .isEmpty();
    }

    /** The newest refused request of the fenced provider since {@code since} whose reason starts so, whole. */
    private JsonNode keptSince(Instant since, String reason) {
        for (JsonNode row : gateway.get("/ops/refused?provider=" + FENCED + "&since=" + since)
                .json()) {
            if (row.path("reason").asString().startsWith(reason)) {
                return gateway.get("/ops/refused/" + row.path("id").asString()).json();
            }
        }
        throw new AssertionError("no refused request " + reason + " kept since " + since);
    }

    private double sourceRefusals() {
        return Scrape.of(gateway)
                .value("payhook_ingress_rejected_total", "provider=" + FENCED, "reason=source_not_allowed");
    }

    /** A webhook sent over a connection from {@code local}: its status code. */
    private int postFrom(byte[] local, byte[] body, Map<String, String> headers) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByAddress(local), 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            StringBuilder head = new StringBuilder("POST " + PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " + body.length
                    + "\r\n");
            headers.forEach((name, value) ->
                    head.append(name).append(": ").append(value).append("\r\n"));
            OutputStream out = socket.getOutputStream();
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            InputStream in = socket.getInputStream();
            String status = new String(in.readNBytes(12), StandardCharsets.ISO_8859_1);
            return Integer.parseInt(status.substring(9, 12));
        }
    }

    private static String sha256(byte[] body) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    }
}
