package dev.payhook.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway.Answer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The kit for the providers whose JSON is signed with a shared secret (Stripe, Paddle, Dodo's
 * Standard Webhooks, Razorpay), driven by their {@link TestProvider} fixtures.
 */
public abstract class JsonProviderScenarios extends ProviderScenarios {

    protected abstract TestProvider testProvider();

    @Override
    protected String provider() {
        return testProvider().id;
    }

    @Override
    protected String currency() {
        return "USD";
    }

    private Notification signed(String secret, String eventId, byte[] body, long timestamp) {
        return new Notification(
                eventId, "application/json", body, testProvider().sign(secret, eventId, timestamp, body));
    }

    private Notification signed(String eventId, byte[] body) {
        return signed(testProvider().secret, eventId, body, Instant.now().getEpochSecond());
    }

    @Override
    protected Notification payment(String order, String payment, long amount, Instant at) {
        String event = unique("evt");
        return signed(event, testProvider().payment(event, payment, order, amount, currency(), at));
    }

    @Override
    protected Notification refund(
            String order, String payment, long captured, long amount, long refundedTotal, Instant at) {
        String event = unique("evt");
        return signed(event, testProvider().refund(event, payment, unique("re"), amount, currency(), at));
    }

    @Override
    protected Notification signedWithPreviousKey(String order, String payment, long amount, Instant at) {
        String event = unique("evt");
        byte[] body = testProvider().payment(event, payment, order, amount, currency(), at);
        return signed(testProvider().previousSecret, event, body, Instant.now().getEpochSecond());
    }

    /** Stripe: a Connect event for an account not ours; Dodo: another business; Razorpay: another account; Paddle names no account. */
    @Override
    protected Notification forAnotherAccount(String order, String payment, long amount) {
        String event = unique("evt");
        String body = new String(
                testProvider().payment(event, payment, order, amount, currency(), Instant.now()),
                StandardCharsets.UTF_8);
        String foreign = switch (testProvider()) {
            case STRIPE ->
                body.replace("\"object\": \"event\",", "\"object\": \"event\",\n  \"account\": \"acct_SomeoneElse\",");
            case DODO -> body.replace("bus_T3stBusiness", "bus_SomeoneElse");
            case RAZORPAY -> body.replace("acc_T3stAccount01", "acc_SomeoneElse1");
            case PADDLE -> null;
        };
        return foreign == null ? null : signed(event, foreign.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    protected Map<String, Notification> forgeries(String order, long amount) {
        TestProvider p = testProvider();
        Map<String, Notification> forged = new LinkedHashMap<>();
        Notification genuine = payment(order, unique("pay"), amount, Instant.now());
        byte[] changed = new String(genuine.body(), StandardCharsets.UTF_8)
                .replace(Long.toString(amount), Long.toString(amount + 1))
                .getBytes(StandardCharsets.UTF_8);
        forged.put(
                "one changed byte",
                new Notification(genuine.eventId(), genuine.contentType(), changed, genuine.headers()));
        JsonMapper json = JsonMapper.builder().build();
        byte[] reserialised = json.writeValueAsBytes(json.readTree(genuine.body()));
        forged.put(
                "the same JSON re-serialised",
                new Notification(genuine.eventId(), genuine.contentType(), reserialised, genuine.headers()));
        Notification other = payment(order, unique("pay"), amount, Instant.now());
        String wrong = p == TestProvider.DODO ? "whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldA==" : "whsec_not_the_secret";
        forged.put(
                "another secret",
                signed(wrong, other.eventId(), other.body(), Instant.now().getEpochSecond()));
        Map<String, String> unsigned = new HashMap<>(other.headers());
        unsigned.keySet().removeIf(h -> h.toLowerCase(java.util.Locale.ROOT).contains("signature"));
        forged.put("no signature", new Notification(other.eventId(), other.contentType(), other.body(), unsigned));
        if (!p.signsTime()) {
            return forged;
        }
        // 5 s past the 300 s tolerance: room for whole-second timestamps and the request's own time
        forged.put(
                "a timestamp 305 s old",
                signed(
                        p.secret,
                        other.eventId(),
                        other.body(),
                        Instant.now().minusSeconds(305).getEpochSecond()));
        forged.put(
                "a timestamp 305 s ahead",
                signed(
                        p.secret,
                        other.eventId(),
                        other.body(),
                        Instant.now().plusSeconds(305).getEpochSecond()));
        return forged;
    }

    @Override
    protected void assertAccepted(Answer answer) {
        assertThat(answer.status()).isEqualTo(200);
    }

    @Override
    protected void assertRefused(Answer answer) {
        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().path("error").asString()).isNotBlank();
    }
}
