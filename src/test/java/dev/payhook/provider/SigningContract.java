package dev.payhook.provider;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What every provider's scheme owes: a request signed by the scheme's own definition (the one
 * {@code bin/payhook send} signs with) verifies, and the same request with a signed value changed
 * does not. Each provider's test adds its provider's published vector, from its official SDK or
 * documentation, reproduced by that same definition.
 */
public abstract class SigningContract {

    /** An amount in the body, changed to tell an altered body from the signed one. */
    protected static final String AMOUNT = "1050";

    /** The scheme as the gateway runs it, holding the keys {@link #signed} signs with. */
    protected abstract SignatureScheme scheme();

    /** A request of {@code body}, which holds {@link #AMOUNT}, signed by the scheme's definition. */
    protected abstract WebhookRequest signed(String body);

    /** A body of the provider's format holding {@link #AMOUNT}. */
    protected abstract String body();

    @Test
    void aRequestSignedByTheSchemesDefinitionVerifies() {
        assertThatCode(() -> scheme().verify(signed(body()))).doesNotThrowAnyException();
    }

    @Test
    void theSameRequestWithASignedValueChangedIsRefused() {
        WebhookRequest signed = signed(body());
        String altered = new String(signed.body(), StandardCharsets.UTF_8).replace(AMOUNT, "1051");
        WebhookRequest forged =
                new WebhookRequest(signed.provider(), altered.getBytes(StandardCharsets.UTF_8), signed.headers());
        assertThatThrownBy(() -> scheme().verify(forged)).isInstanceOf(WebhookRejected.class);
    }

    /** A request as the ingress hands it to a scheme: header names in lower case. */
    protected static WebhookRequest request(String provider, byte[] body, Map<String, String> headers) {
        return new WebhookRequest(
                provider,
                body,
                headers.entrySet().stream()
                        .collect(Collectors.toMap(h -> h.getKey().toLowerCase(Locale.ROOT), Map.Entry::getValue)));
    }

    /** A request of {@code body} with the headers {@code sign} makes of its bytes. */
    protected static WebhookRequest request(String provider, String body, Function<byte[], Map<String, String>> sign) {
        return request(provider, utf8(body), sign.apply(utf8(body)));
    }

    protected static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
