package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway;
import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every spelling of a protected path that a servlet container or Spring MVC might route to the ops
 * API (path parameters, percent-encoding, dot segments, doubled or trailing slashes, case) is a bare
 * 404 on the public listener and needs the token on the management listener: without it 401 and
 * no effect; with it an ambiguous spelling is refused, not routed.
 */
class PathBypassTest extends GatewayTest {

    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH");
    private static final String ORDER_BODY =
            "{\"amount_minor\":1,\"currency\":\"USD\",\"sku\":\"x\",\"customer_id\":\"evil\"}";

    private String deadLetter;
    private String evilOrder;

    @BeforeEach
    void anOpenDeadLetter() {
        String event = unique("evt");
        TestProvider stripe = TestProvider.STRIPE;
        gateway.deliver(stripe, event, stripe.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now()));
        deadLetter = awaitDeadLetter("stripe", event).path("id").asString();
        evilOrder = unique("ord-evil");
    }

    private List<String> spellings() {
        List<String> paths = new ArrayList<>(List.of(
                "/ops;/dead-letters",
                "/ops;x=y/dead-letters",
                "/ops/dead-letters;",
                "/%6fps/reviews",
                "/%6Fps/dead-letters",
                "/o%70s/receipts",
                "/ops%2freceipts",
                "/ops%2Freceipts",
                "//ops/receipts",
                "/ops//receipts",
                "/ops/receipts/",
                "/OPS/receipts",
                "/Ops/dead-letters",
                "/ops/%2e/receipts",
                "/ops/./receipts",
                "/x/../ops/receipts",
                "/ops/%2e%2e/ops/receipts",
                "/webhooks/../ops/receipts",
                "/webhooks/%2e%2e/ops/receipts",
                "/webhooks/stripe/..;/../ops/receipts",
                "/actuator/health/../../ops/receipts",
                "/actuator/health;/../../ops/receipts",
                "/actuator/prometheus",
                "/actuator/%2e%2e/ops/receipts",
                "/api;/orders/" + evilOrder,
                "/api/orders;/" + evilOrder,
                "/api/orders/" + evilOrder + ";x",
                "/%61pi/orders/" + evilOrder,
                "/API/orders/" + evilOrder,
                "/api//orders/" + evilOrder,
                "/api/orders/" + evilOrder + "/",
                "/api%2forders/" + evilOrder,
                "/api/./orders/" + evilOrder,
                "/webhooks/../api/orders/" + evilOrder));
        for (String prefix : List.of("/ops;", "/%6fps", "/ops/.", "//ops", "/OPS")) {
            paths.add(prefix + "/dead-letters/" + deadLetter);
            paths.add(prefix + "/dead-letters/" + deadLetter + "/replay");
        }
        return paths;
    }

    @Test
    void everySpellingOfAProtectedPathNeedsTheTokenAndChangesNothing() {
        int actionsBefore = count("SELECT count(*) FROM ops_actions");
        assertThat(answered(gateway.managementListenerOnly(), Map.of(), 401))
                .as("answered without the token")
                .isEmpty();
        assertThat(answered(gateway.publicListenerOnly(), Map.of(), 404))
                .as("answered on the public listener without the token")
                .isEmpty();
        assertThat(answered(gateway.publicListenerOnly(), Map.of("Authorization", "Bearer " + Gateway.OPS_TOKEN), 404))
                .as("answered on the public listener with the token")
                .isEmpty();
        assertThat(count("SELECT count(*) FROM orders WHERE order_id = ?", evilOrder))
                .isZero();
        assertThat(count("SELECT count(*) FROM dead_letters WHERE id = ?::uuid AND status = 'open'", deadLetter))
                .isOne();
        assertThat(count("SELECT count(*) FROM ops_actions")).isEqualTo(actionsBefore);
    }

    /** Each spelling and method whose answer was not {@code refused}. */
    private List<String> answered(Gateway listener, Map<String, String> headers, int refused) {
        Map<String, String> withType = new java.util.HashMap<>(headers);
        withType.put("Content-Type", "application/json");
        List<String> answered = new ArrayList<>();
        for (String path : spellings()) {
            for (String method : METHODS) {
                Answer a = listener.raw(method, path, withType, ORDER_BODY);
                // Tomcat itself refuses an encoded slash (400) before any filter runs
                int expected = path.toLowerCase(Locale.ROOT).contains("%2f") ? 400 : refused;
                if (a.status() != expected) {
                    answered.add(method + " " + path + " -> " + a.status());
                }
            }
        }
        return answered;
    }

    @Test
    void withTheTokenAnAmbiguousSpellingIsRefusedNotRouted() {
        Map<String, String> token =
                Map.of("Authorization", "Bearer " + Gateway.OPS_TOKEN, "Content-Type", "application/json");
        List<String> routed = new ArrayList<>();
        for (String path : List.of(
                "/ops;/dead-letters",
                "/api;/orders/" + evilOrder,
                "/ops/%2e/receipts",
                "/ops%2freceipts",
                "/ops/./receipts",
                "//ops/receipts",
                "/ops/..;/ops/receipts",
                "/%6fps/dead-letters",
                "/%61pi/orders/" + evilOrder,
                "/actuator/%68ealth",
                "/ops/dead%2Dletters",
                "/ops/%5Freceipts")) {
            Answer a = gateway.raw("GET", path, token, null);
            if (a.status() != 400) {
                routed.add(path + " -> " + a.status());
            }
        }
        assertThat(routed).as("ambiguous paths answered other than 400").isEmpty();
        Answer put = gateway.raw("PUT", "/api;/orders/" + evilOrder, token, ORDER_BODY);
        assertThat(put.status()).isEqualTo(400);
        assertThat(put.json().path("error").asString()).isEqualTo("ambiguous_path");
        assertThat(count("SELECT count(*) FROM orders WHERE order_id = ?", evilOrder))
                .isZero();
        assertThat(gateway.raw("GET", "/ops/dead-letters", token, null).status())
                .isEqualTo(200);
    }

    @Test
    void onTheManagementListenerOnlyHealthIsOpen() {
        Gateway management = gateway.managementListenerOnly();
        assertThat(management.raw("GET", "/actuator/health", Map.of(), null).status())
                .isEqualTo(200);
        assertThat(management.raw("GET", "/actuator/prometheus", Map.of(), null).status())
                .isEqualTo(401);
        assertThat(management.get("/actuator/prometheus").status()).isEqualTo(200);
        assertThat(management.raw("GET", "/no-such-page", Map.of(), null).status())
                .isEqualTo(401);
        assertThat(management
                        .raw("POST", "/webhooks;/stripe", Map.of("Content-Type", "application/json"), "{}")
                        .status())
                .isEqualTo(401);
        // the provider endpoints are not served here, token or not
        String event = unique("evt");
        TestProvider stripe = TestProvider.STRIPE;
        byte[] body = stripe.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
        assertThat(management.deliver(stripe, event, body).status()).isEqualTo(404);
        assertThat(management.get("/returns/stripe?order_id=x").status()).isEqualTo(404);
        assertThat(count("SELECT count(*) FROM receipts WHERE event_id = ?", event))
                .isZero();
    }

    @Test
    void onThePublicListenerOnlyWebhooksAndReturnsAreServedAndNothingElseIsHinted() {
        Gateway internet = gateway.publicListenerOnly();
        for (String path : List.of(
                "/actuator/health", "/actuator/prometheus", "/ops/", "/ops/dead-letters", "/api/orders/x", "/")) {
            Answer plain = internet.raw("GET", path, Map.of(), null);
            Answer withToken = internet.get(path);
            assertThat(plain.status()).as(path).isEqualTo(404);
            assertThat(withToken.status()).as(path + " with the token").isEqualTo(404);
            assertThat(withToken.body()).as(path).isEqualTo(plain.body()).doesNotContain("token");
            assertThat(withToken.headers()).as(path).doesNotContainKey("www-authenticate");
        }
        String event = unique("evt");
        TestProvider stripe = TestProvider.STRIPE;
        byte[] body = stripe.payment(event, unique("pay"), unique("ord"), 100, "USD", Instant.now());
        assertThat(internet.deliver(stripe, event, body).status()).isEqualTo(200);
    }
}
