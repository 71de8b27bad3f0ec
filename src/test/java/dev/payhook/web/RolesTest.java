package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.ConsoleClient;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Named tokens do what their roles allow and nothing else: a {@code read} token reads, an
 * {@code operate} token also changes things but gives no money back, an {@code orders} token
 * registers and reads orders only; each is refused with 403
 * naming the role it lacks, before its request is looked at, and the audit trail names the token.
 */
class RolesTest extends GatewayTest {

    /** Every write of the management listener: method, path, body, the role it needs. */
    private static final String[][] WRITES = {
        {"PUT", "/api/orders/o-roles", "{\"amount_minor\":100,\"currency\":\"USD\",\"sku\":\"book-1\"}", "operate"},
        {"POST", "/ops/dead-letters/1/replay", null, "operate"},
        {"DELETE", "/ops/dead-letters/1", null, "operate"},
        {"POST", "/ops/reviews/1/resolve", "{\"note\":\"n\"}", "operate"},
        {"PUT", "/ops/products/stripe/prod_1", "{\"sku\":\"book-1\"}", "operate"},
        {"POST", "/ops/reconcile", "{}", "operate"},
        {"POST", "/ops/deliveries/failed/replay", "{\"endpoint\":\"shop\"}", "operate"},
        {"POST", "/ops/refunds", "{}", "refund"},
        {"POST", "/ops/reviews/1/refund", null, "refund"},
    };

    @Test
    void aReadTokenReadsAndIsRefusedEveryWriteNamingTheRole() {
        Gateway reader = gateway.withToken(READ_TOKEN);
        assertThat(reader.get("/ops/reviews").status()).isEqualTo(200);
        assertThat(reader.get("/actuator/prometheus").status()).isEqualTo(200);
        for (String[] write : WRITES) {
            Gateway.Answer answer = reader.call(write[0], write[1], write[2]);
            assertThat(answer.status()).as(write[0] + " " + write[1]).isEqualTo(403);
            assertThat(answer.json().path("error").asString()).isEqualTo("forbidden");
            assertThat(answer.json().path("role").asString()).isEqualTo(write[3]);
        }
        assertThat(count("SELECT count(*) FROM orders WHERE order_id = 'o-roles'"))
                .isZero();
    }

    @Test
    void anOperateTokenChangesThingsUnderItsNameButGivesNoMoneyBack() {
        Gateway support = gateway.withToken(OPERATE_TOKEN);
        for (String[] write : WRITES) {
            if (write[3].equals("refund")) {
                Gateway.Answer answer = support.call(write[0], write[1], write[2]);
                assertThat(answer.status()).as(write[0] + " " + write[1]).isEqualTo(403);
                assertThat(answer.json().path("role").asString()).isEqualTo("refund");
            }
        }
        String order = unique("ord");
        assertThat(support.putOrder(order, 500, "USD").status()).isEqualTo(201);
        String gone = "ID:" + order.replace('_', '-');
        Gateway.Answer replay = support.call("POST", "/ops/deliveries/failed/replay", "{\"ids\":[\"" + gone + "\"]}");
        assertThat(replay.status()).isEqualTo(202);
        assertThat(jdbc.queryForObject("SELECT actor FROM ops_actions WHERE target = ?", String.class, gone))
                .isEqualTo("token:support from 127.0.0.1");

        Gateway.Answer named = support.post(
                "/ops/deliveries/failed/replay",
                "application/json",
                ("{\"ids\":[\"" + gone + "-mira\"]}").getBytes(StandardCharsets.UTF_8),
                Map.of("Authorization", "Bearer " + OPERATE_TOKEN, "X-Payhook-Actor", "Mira"));
        assertThat(named.status()).isEqualTo(202);
        assertThat(jdbc.queryForObject("SELECT actor FROM ops_actions WHERE target = ?", String.class, gone + "-mira"))
                .as("the person the caller names, and the token they used")
                .isEqualTo("Mira via token:support from 127.0.0.1");
    }

    @Test
    void anOrdersTokenRegistersOrdersAndReadsThemBackAndNothingElse() {
        Gateway shop = gateway.withToken(ORDERS_TOKEN);
        String order = unique("ord");
        assertThat(shop.putOrder(order, 500, "USD").status()).isEqualTo(201);
        assertThat(shop.get("/api/orders/" + order).json().path("status").asString())
                .isEqualTo("pending");
        for (String read : new String[] {"/ops/reviews", "/ops/dead-letters", "/api/orders", "/actuator/prometheus"}) {
            Gateway.Answer answer = shop.get(read);
            assertThat(answer.status()).as(read).isEqualTo(403);
            assertThat(answer.json().path("role").asString()).isEqualTo("read");
        }
        for (String[] write : WRITES) {
            if (!write[1].startsWith("/api/orders/")) {
                Gateway.Answer answer = shop.call(write[0], write[1], write[2]);
                assertThat(answer.status()).as(write[0] + " " + write[1]).isEqualTo(403);
                assertThat(answer.json().path("role").asString()).isEqualTo(write[3]);
            }
        }
        assertThat(shop.call("DELETE", "/api/orders/" + order, null).status()).isEqualTo(403);
    }

    @Test
    void theConsoleShowsOnlyWhatTheSessionsTokenMayDoAndRefusesTheRest() {
        long review = payTwice(TestProvider.STRIPE, unique("ord"), unique("pay"), 400, "USD");
        ConsoleClient console = new ConsoleClient(gateway.managementPort());

        String reader = console.session(READ_TOKEN);
        String page = console.get("/ops/console/reviews", reader).body();
        assertThat(page).contains("review-" + review).doesNotContain(">Resolve</button>");
        HttpResponse<String> resolve = console.post(
                "/ops/console/reviews/" + review + "/resolve", reader, "_csrf=" + console.csrf(reader) + "&note=x");
        assertThat(resolve.statusCode()).isEqualTo(403);
        assertThat(resolve.body()).contains("\"role\":\"operate\"");
        assertThat(console.post("/ops/logout", reader, "_csrf=" + console.csrf(reader))
                        .statusCode())
                .as("anyone logged in may log out")
                .isEqualTo(302);

        String support = console.session(OPERATE_TOKEN);
        assertThat(console.get("/ops/console/reviews", support).body()).contains(">Resolve</button>");
        assertThat(console.post(
                                "/ops/console/reviews/" + review + "/resolve",
                                support,
                                "_csrf=" + console.csrf(support) + "&note=refunded+by+hand")
                        .statusCode())
                .isEqualTo(302);
        assertThat(jdbc.queryForObject("SELECT resolved_by FROM reviews WHERE id = ?", String.class, review))
                .startsWith("console via token:support");
    }
}
