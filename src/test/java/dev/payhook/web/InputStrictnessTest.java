package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What is almost right is refused, never guessed at: a content type that only starts like JSON, a
 * key given twice (different parsers read it differently), an id that shows as another one, and a
 * console page that could be framed or cached.
 */
class InputStrictnessTest extends GatewayTest {

    private static final String ORDER =
            "{\"amount_minor\":700,\"currency\":\"USD\",\"sku\":\"book-1\",\"customer_id\":\"c-1\"}";

    @Test
    void onlyApplicationJsonIsJson() {
        TestProvider stripe = TestProvider.STRIPE;
        String event = unique("evt");
        byte[] body = stripe.payment(event, unique("pi"), unique("ord"), 100, "USD", Instant.now());

        Answer jsonx = gateway.post("/webhooks/stripe", "application/jsonx", body, stripe.sign(event, body));
        assertThat(jsonx.status()).isEqualTo(415);
        assertThat(gateway.post("/webhooks/stripe", "application/json; charset=utf-8", body, stripe.sign(event, body))
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aKeyGivenTwiceIsRefusedInOpsInputAndDeadLetteredInASignedPayload() {
        Answer twice = gateway.call("PUT", "/api/orders/" + unique("ord"), ORDER.replace("{", "{\"amount_minor\":1,"));
        assertThat(twice.status()).isEqualTo(400);

        TestProvider stripe = TestProvider.STRIPE;
        String event = unique("evt");
        String marker = unique("dup");
        byte[] body = new String(
                        stripe.payment(event, unique("pi"), marker, 100, "USD", Instant.now()), StandardCharsets.UTF_8)
                .replaceFirst("\\{", "{\"type\":\"charge.refunded\",")
                .getBytes(StandardCharsets.UTF_8);
        assertThat(gateway.webhook(stripe, body, stripe.sign(event, body)).status())
                .isEqualTo(200);
        await().atMost(DEADLINE)
                .until(() -> count(
                                "SELECT count(*) FROM dead_letters d JOIN receipts r ON r.id = d.receipt_id"
                                        + " WHERE d.reason = 'unparseable'"
                                        + " AND position(? in convert_from(r.body, 'UTF8')) > 0",
                                marker)
                        == 1);
    }

    @Test
    void idsAreCountedInCharactersAndInvisibleOnesAreRefused() {
        String wide = "ord-" + "\uD83D\uDE00".repeat(200);
        assertThat(putOrder(wide).status())
                .as("204 characters, 404 UTF-16 units")
                .isEqualTo(201);
        assertThat(putOrder("ord-\u202Egnp.exe").status())
                .as("a right-to-left override")
                .isEqualTo(400);
        assertThat(putOrder("ord-\u200B1").status()).as("a zero-width space").isEqualTo(400);
    }

    @Test
    void managementAnswersCannotBeFramedCachedOrScripted() {
        for (String path : new String[] {"/ops/login", "/ops/dead-letters"}) {
            Map<String, java.util.List<String>> headers = gateway.get(path).headers();
            assertThat(headers.get("x-frame-options")).as(path).containsExactly("DENY");
            assertThat(headers.get("cache-control")).as(path).containsExactly("no-store");
            assertThat(headers.get("content-security-policy").get(0))
                    .as(path)
                    .contains("default-src 'none'", "frame-ancestors 'none'");
        }
    }

    private Answer putOrder(String id) {
        return gateway.call("PUT", "/api/orders/" + URLEncoder.encode(id, StandardCharsets.UTF_8), ORDER);
    }
}
