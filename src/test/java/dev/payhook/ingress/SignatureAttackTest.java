package dev.payhook.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.json.JsonMapper;

/** Forged, altered and replayed requests are answered 401 and leave no trace but a metric. */
class SignatureAttackTest extends GatewayTest {

    private String order;
    private String event;
    private byte[] body;

    private void prepare(TestProvider provider) {
        order = unique("ord");
        event = unique("evt");
        gateway.putOrder(order, 1200, "USD");
        body = provider.payment(event, unique("pay"), order, 1200, "USD", Instant.now());
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void oneChangedByteIsRefused(TestProvider provider) {
        prepare(provider);
        Map<String, String> headers = provider.sign(event, body);
        byte[] tampered =
                new String(body, StandardCharsets.UTF_8).replace("1200", "1201").getBytes(StandardCharsets.UTF_8);
        assertRefused(provider, gateway.webhook(provider, tampered, headers));
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void aWrongSecretIsRefused(TestProvider provider) {
        prepare(provider);
        String wrong =
                provider == TestProvider.DODO ? "whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldA==" : "whsec_not_the_secret";
        assertRefused(
                provider,
                gateway.webhook(
                        provider,
                        body,
                        provider.sign(wrong, event, Instant.now().getEpochSecond(), body)));
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void reSerialisedJsonWithTheOriginalSignatureIsRefused(TestProvider provider) {
        prepare(provider);
        Map<String, String> headers = provider.sign(event, body);
        JsonMapper json = JsonMapper.builder().build();
        byte[] reserialised = json.writeValueAsBytes(json.readTree(body));
        assertThat(reserialised).isNotEqualTo(body);
        assertRefused(provider, gateway.webhook(provider, reserialised, headers));
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void aTimestampOutsideTheToleranceIsRefused(TestProvider provider) {
        prepare(provider);
        // 5 s past the 300 s tolerance: room for whole-second timestamps and the request's own time
        long staleBy = Instant.now().minusSeconds(305).getEpochSecond();
        assertRefused(provider, gateway.webhook(provider, body, provider.sign(provider.secret, event, staleBy, body)));
        long future = Instant.now().plusSeconds(305).getEpochSecond();
        assertRefused(provider, gateway.webhook(provider, body, provider.sign(provider.secret, event, future, body)));
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void aMissingSignatureHeaderIsRefused(TestProvider provider) {
        prepare(provider);
        Map<String, String> headers = new HashMap<>(provider.sign(event, body));
        headers.keySet().removeIf(h -> h.toLowerCase(Locale.ROOT).contains("signature"));
        assertRefused(provider, gateway.webhook(provider, body, headers));
    }

    @ParameterizedTest
    @EnumSource(TestProvider.class)
    void theRotatedPreviousSecretIsStillAccepted(TestProvider provider) {
        prepare(provider);
        Answer answer = gateway.webhook(
                provider,
                body,
                provider.sign(provider.previousSecret, event, Instant.now().getEpochSecond(), body));
        assertThat(answer.status()).isEqualTo(200);
        awaitOrder(order, "paid");
    }

    private void assertRefused(TestProvider provider, Answer answer) {
        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().path("error").asString()).isNotBlank();
        // the body is not stored and nothing is applied
        assertThat(count(
                        "SELECT count(*) FROM receipts WHERE provider = ? AND convert_from(body, 'UTF8') LIKE ?",
                        provider.id,
                        "%" + event + "%"))
                .isZero();
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }
}
