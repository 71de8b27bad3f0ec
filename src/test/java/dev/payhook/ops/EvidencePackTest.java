package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import dev.payhook.support.TestProvider.Dispute;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A merchant fighting a chargeback takes one file to the provider: the order's evidence pack, every
 * receipt's exact bytes with its digest, and what Payhook did with each, in one ZIP.
 */
class EvidencePackTest extends GatewayTest {

    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Test
    void thePackKeepsTheOrdersReviewAndTheRefundRequestedForIt() throws Exception {
        String order = unique("ord"), extra = unique("pi");
        long review = payTwice(STRIPE, order, extra, 1800, "USD");
        Gateway.Answer asked = gateway.withToken(REFUND_TOKEN).call("POST", "/ops/reviews/" + review + "/refund", null);
        assertThat(asked.status()).as(asked.body()).isEqualTo(202);
        String request = asked.json().path("id").asString();

        JsonNode summary = JsonMapper.builder()
                .build()
                .readTree(unzip(download("/ops/orders/" + order + "/evidence").body())
                        .get("summary.json"));
        assertThat(summary.path("reviews").path(0).path("id").asLong()).isEqualTo(review);
        assertThat(summary.path("reviews").path(0).path("kind").asString()).isEqualTo("double_payment");
        JsonNode refund = summary.path("refund_requests").path(0);
        assertThat(refund.path("id").asString()).isEqualTo(request);
        assertThat(refund.path("provider_payment_id").asString()).isEqualTo(extra);
        assertThat(refund.path("amount_minor").asLong()).isEqualTo(1800);
        assertThat(refund.path("review_id").asLong()).isEqualTo(review);
    }

    @Test
    void thePackHoldsEveryReceiptOfTheOrderByteForByteWithTheDigestTheDatabaseKeeps() throws Exception {
        String order = unique("ord"), pi = unique("pi");
        gateway.putOrder(order, 2500, "USD");
        String paid = unique("evt"), opened = unique("evt"), lost = unique("evt");
        byte[] payment = STRIPE.payment(paid, pi, order, 2500, "USD", Instant.now());
        gateway.deliver(STRIPE, paid, payment);
        gateway.deliver(STRIPE, paid, payment); // the provider's retry: a second receipt, a duplicate
        awaitOrder(order, "paid");
        gateway.deliver(STRIPE, opened, STRIPE.dispute(opened, pi, Dispute.OPENED, 2500, "USD", Instant.now()));
        gateway.deliver(STRIPE, lost, STRIPE.dispute(lost, pi, Dispute.LOST, 2500, "USD", Instant.now()));
        awaitReceipts("stripe", lost, 1);
        awaitReceipts("stripe", paid, 2);

        HttpResponse<byte[]> answer = download("/ops/orders/" + order + "/evidence");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("content-type")).hasValue("application/zip");
        Map<String, byte[]> zip = unzip(answer.body());

        JsonNode summary = JsonMapper.builder().build().readTree(zip.get("summary.json"));
        assertThat(summary.path("order").path("order_id").asString()).isEqualTo(order);
        List<String> expected = jdbc.queryForList(
                "SELECT DISTINCT r.id::text FROM receipts r LEFT JOIN payment_events pe ON pe.receipt_id = r.id"
                        + " LEFT JOIN payments p ON p.id = pe.payment_id WHERE r.order_id = ? OR p.order_id = ?",
                String.class,
                order,
                order);
        assertThat(summary.path("receipts")).hasSize(4);
        assertThat(summary.path("receipts").valueStream().map(r -> r.path("id").asString()))
                .containsExactlyInAnyOrderElementsOf(expected);
        StringBuilder sums = new StringBuilder();
        for (JsonNode receipt : summary.path("receipts")) {
            String id = receipt.path("id").asString();
            byte[] body = zip.get(receipt.path("body_file").asString());
            String stored = jdbc.queryForObject(
                    "SELECT encode(sha256(body), 'hex') FROM receipts WHERE id = ?::uuid", String.class, id);
            assertThat(sha256(body)).as("receipt %s", id).isEqualTo(stored);
            assertThat(receipt.path("body_sha256").asString()).isEqualTo(stored);
            assertThat(receipt.path("headers").path("stripe-signature").asString())
                    .startsWith("t=");
            sums.append(stored)
                    .append("  ")
                    .append(receipt.path("body_file").asString())
                    .append('\n');
        }
        assertThat(new String(zip.get("SHA256SUMS"), StandardCharsets.UTF_8)).isEqualTo(sums.toString());
        assertThat(zip.get(summary.path("receipts").get(0).path("body_file").asString()))
                .isEqualTo(payment);

        assertThat(summary.path("disputes")).hasSize(2);
        JsonNode first = summary.path("entitlement_timeline").get(0);
        assertThat(first.path("status").asString()).isEqualTo("paid");
        assertThat(first.path("cause").path("event_id").asString()).isEqualTo(paid);
        assertThat(summary.path("entitlement_timeline")
                        .valueStream()
                        .map(c -> c.path("cause").path("event_id").asString()))
                .contains(lost);
        assertThat(summary.path("ops_actions")
                        .valueStream()
                        .map(a -> a.path("action").asString()))
                .contains("export_evidence");
        assertThat(new String(zip.get("summary.json"), StandardCharsets.UTF_8)).doesNotContain(STRIPE.secret);

        assertThat(download("/ops/orders/" + unique("ord") + "/evidence").statusCode())
                .isEqualTo(404);
    }

    private HttpResponse<byte[]> download(String path) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.managementPort() + path))
                                .header("Authorization", "Bearer " + Gateway.OPS_TOKEN)
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
    }

    private static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> entries = new HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                entries.put(e.getName(), in.readAllBytes());
            }
        }
        return entries;
    }

    private static String sha256(byte[] body) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    }
}
