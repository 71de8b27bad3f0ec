package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every input error of the ops and merchant API is a 400 with a reason, never a 500, and changes nothing. */
class OpsInputTest extends GatewayTest {

    private record Call(String method, String path, String json) {}

    private static String order(String amount, String currency, String sku, String customer) {
        return "{\"amount_minor\":" + amount + ",\"currency\":" + currency + ",\"sku\":" + sku + ",\"customer_id\":"
                + customer + "}";
    }

    @Test
    void badInputIs400WithAReasonAndChangesNothing() {
        String id = unique("ord");
        int resolvedBefore = count("SELECT count(*) FROM reviews WHERE status = 'resolved'");
        List<Call> calls = List.of(
                new Call("PUT", "/api/orders/" + id, order("100", "\"USD\"", "\"bo\\u0000ok\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("100", "\"USD\"", "\"book\"", "\"c\\u0007\"")),
                new Call("PUT", "/api/orders/" + id, order("\"12\"", "\"USD\"", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("12.5", "\"USD\"", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("1e3", "\"USD\"", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("-1", "\"USD\"", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("99999999999999999999", "\"USD\"", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("true", "\"USD\"", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("100", "\"usdollar\"", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("100", "7", "\"book\"", "\"c-1\"")),
                new Call("PUT", "/api/orders/" + id, order("100", "\"USD\"", "\"" + "s".repeat(256) + "\"", "\"c-1\"")),
                new Call(
                        "PUT", "/api/orders/" + id, order("100", "\"USD\"", "\"book\"", "\"" + "c".repeat(256) + "\"")),
                new Call(
                        "PUT",
                        "/api/orders/" + id,
                        "{\"amount_minor\":100,\"currency\":\"USD\",\"sku\":\"b\",\"customer_id\":\"c\",\"amount\":1}"),
                new Call("PUT", "/api/orders/" + id, "{\"amount_minor\":100,"),
                new Call("PUT", "/api/orders/" + id, "[]"),
                new Call("PUT", "/api/orders/" + id, null),
                new Call("PUT", "/api/orders/" + "o".repeat(256), order("100", "\"USD\"", "\"book\"", "\"c-1\"")),
                new Call("GET", "/ops/receipts?event_id=a%00b", null),
                new Call("GET", "/ops/receipts?order_id=" + "o".repeat(256), null),
                new Call("GET", "/ops/receipts?provider=%07", null),
                new Call("GET", "/ops/receipts?limit=abc", null),
                new Call("GET", "/ops/receipts?limit=0", null),
                new Call("GET", "/ops/receipts?limit=1001", null),
                new Call("GET", "/ops/receipts/not-a-uuid", null),
                new Call("GET", "/ops/dead-letters?status=bogus", null),
                new Call("GET", "/ops/dead-letters?limit=-5", null),
                new Call("GET", "/ops/reviews?status=bogus", null),
                new Call("POST", "/ops/dead-letters/not-a-uuid/replay", null),
                new Call("DELETE", "/ops/dead-letters/not-a-uuid", null),
                new Call("POST", "/ops/reviews/abc/resolve", null),
                new Call("POST", "/ops/reviews/1/resolve", "{\"note\":\"" + "n".repeat(2001) + "\"}"),
                new Call("POST", "/ops/reviews/1/resolve", "{\"note\":\"a\\u0000b\"}"),
                new Call("POST", "/ops/reviews/1/resolve", "{\"note\":7}"),
                new Call("PUT", "/ops/products/paddle/pro_x", "{\"sku\":\"a\\u0000b\"}"),
                new Call("PUT", "/ops/products/paddle/pro_x", "{\"sku\":\"\"}"),
                new Call("PUT", "/ops/products/paddle/pro_x", "{\"sku\":[\"a\"]}"),
                new Call("PUT", "/ops/products/paddle/" + "r".repeat(256), "{\"sku\":\"book-1\"}"));

        List<String> wrong = new ArrayList<>();
        for (Call c : calls) {
            Answer a = gateway.call(c.method(), c.path(), c.json());
            boolean explained = a.status() == 400
                    && !a.json().path("error").asString().isBlank()
                    && !a.json().path("detail").asString().isBlank();
            if (!explained) {
                wrong.add(c.method() + " " + cut(c.path()) + " " + cut(c.json()) + " -> " + a.status() + " "
                        + cut(a.body()));
            }
        }
        assertThat(wrong)
                .as("answered other than 400 with an error and a detail")
                .isEmpty();
        assertThat(count("SELECT count(*) FROM orders WHERE order_id = ?", id)).isZero();
        assertThat(count("SELECT count(*) FROM products WHERE ref = 'pro_x'")).isZero();
        assertThat(count("SELECT count(*) FROM reviews WHERE status = 'resolved'"))
                .isEqualTo(resolvedBefore);
    }

    /** Times any store or driver would choke on are refused by name, with the range taken. */
    @Test
    void aTimeFilterOutsideTheRangeIs400NamingTheFieldAndTheRange() {
        String ancient = "-4714-01-01T00:00:00Z";
        String far = "+12026-01-01T00:00:00Z";
        String farInQuery = "%2B12026-01-01T00:00:00Z";
        List<Call> calls = new ArrayList<>();
        for (String path : List.of("/ops/dead-letters", "/ops/dead-letters/counts", "/ops/dead-letters/export")) {
            calls.add(new Call("GET", path + "?received_from=" + ancient, null));
            calls.add(new Call("GET", path + "?received_to=" + farInQuery, null));
        }
        calls.add(new Call("GET", "/ops/refused?since=" + ancient, null));
        calls.add(new Call("GET", "/ops/refused?since=" + farInQuery, null));
        for (String action : List.of("replay", "discard")) {
            calls.add(new Call("POST", "/ops/dead-letters/" + action, "{\"received_from\":\"" + ancient + "\"}"));
            calls.add(new Call("POST", "/ops/dead-letters/" + action, "{\"received_to\":\"" + far + "\"}"));
        }
        for (Call c : calls) {
            Answer a = gateway.call(c.method(), c.path(), c.json());
            String field = c.path().contains("since")
                    ? "since"
                    : (c.path() + c.json()).contains("received_from") ? "received_from" : "received_to";
            assertThat(a.status()).as(c.toString()).isEqualTo(400);
            assertThat(a.json().path("error").asString()).as(c.toString()).isEqualTo("invalid_parameter");
            assertThat(a.json().path("detail").asString())
                    .as(c.toString())
                    .isEqualTo(field + " must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z");
        }
        assertThat(gateway.get("/ops/dead-letters/counts?received_from=0001-01-01T00:00:00Z")
                        .status())
                .isEqualTo(200);
    }

    @Test
    void aBodyOverTheApiLimitIs413() {
        String huge = "c".repeat(2 * 1024 * 1024);
        String id = unique("ord");
        Answer a = gateway.call("PUT", "/api/orders/" + id, order("100", "\"USD\"", "\"book\"", "\"" + huge + "\""));
        assertThat(a.status()).isEqualTo(413);
        assertThat(a.json().path("error").asString()).isEqualTo("body_too_large");
        assertThat(count("SELECT count(*) FROM orders WHERE order_id = ?", id)).isZero();
    }

    @Test
    void validInputStillWorks() {
        String id = unique("ord");
        assertThat(gateway.call("PUT", "/api/orders/" + id, order("100", "\"usd\"", "\"book-1\"", "\"c-1\""))
                        .status())
                .isEqualTo(201);
        assertThat(gateway.get("/ops/receipts?limit=1000&order_id=" + id).status())
                .isEqualTo(200);
        assertThat(gateway.get("/ops/dead-letters?status=all").status()).isEqualTo(200);
        assertThat(gateway.get("/ops/reviews?status=resolved").status()).isEqualTo(200);
        assertThat(gateway.get("/ops/receipts?event_id=" + unique("evt")).json())
                .isEmpty();
        assertThat(gateway.call(
                                "POST",
                                "/ops/reviews/" + Long.MAX_VALUE + "/resolve",
                                "{\"note\":\"line one\\nline two\"}")
                        .status())
                .isEqualTo(404);
    }

    private static String cut(String s) {
        return s == null ? "" : s.substring(0, Math.min(80, s.length()));
    }
}
