package dev.payhook.provider.paypal;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import tools.jackson.databind.JsonNode;

/**
 * An OAuth2 access token for PayPal's REST API (client credentials), kept until shortly before it
 * expires; {@link #forget} drops one PayPal no longer accepts. Neither the secret nor the token is
 * ever part of a failure's message.
 */
final class PaypalToken {

    /** A token this close to its expiry is not used: a call may take the whole HTTP timeout. */
    private static final Duration MARGIN = Duration.ofSeconds(60);

    private final String url;
    private final String basic;
    private final ApiCalls calls;
    private final Clock clock;
    private String token;
    private Instant expires = Instant.MIN;

    PaypalToken(String base, String clientId, String clientSecret, ApiCalls calls, Clock clock) {
        this.url = base + "/v1/oauth2/token";
        this.basic = Base64.getEncoder()
                .encodeToString((clientId.trim() + ":" + clientSecret.trim()).getBytes(StandardCharsets.UTF_8));
        this.calls = calls;
        this.clock = clock;
    }

    /** A token valid for at least the margin; fetched when there is none (one exchange, not retried). */
    synchronized String get() {
        Instant now = clock.instant();
        if (token != null && now.plus(MARGIN).isBefore(expires)) {
            return token;
        }
        String what = "POST /v1/oauth2/token";
        JsonNode answer;
        try {
            answer = WireJson.tree(ApiCalls.expect(
                            calls.send(
                                    HttpRequest.newBuilder(URI.create(url))
                                            .header("Authorization", "Basic " + basic)
                                            .header("Accept", "application/json")
                                            .header("Content-Type", "application/x-www-form-urlencoded")
                                            .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials")),
                                    what),
                            what)
                    .body());
        } catch (UnparseablePayload e) {
            throw new ApiFailure(what + ": malformed answer");
        }
        String fresh = answer.path("access_token").asString("");
        if (fresh.isBlank()) {
            throw new ApiFailure(what + ": no access_token in the answer");
        }
        token = fresh;
        expires = now.plusSeconds(Math.max(0, answer.path("expires_in").asLong(0)));
        return token;
    }

    synchronized void forget() {
        token = null;
    }
}
