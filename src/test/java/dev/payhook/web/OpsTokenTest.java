package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.config.PayhookProperties;
import org.junit.jupiter.api.Test;

/** A token short enough to guess never guards the management listener: the gateway does not start. */
class OpsTokenTest {

    @Test
    void aTokenUnder32CharactersStopsTheStartUpWithHowToMakeOne() {
        assertThatThrownBy(() -> new OpsToken(withToken("change-me")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("9 characters long")
                .hasMessageContaining("openssl rand -hex 32")
                .hasMessageNotContaining("change-me");
    }

    @Test
    void aLongTokenMatchesAndNoneMatchesNothing() {
        String token = "0123456789abcdef0123456789abcdef";
        assertThat(new OpsToken(withToken(token)).bearer("Bearer " + token)).isTrue();
        assertThat(new OpsToken(withToken(token)).bearer("Bearer " + token.substring(1)))
                .isFalse();
        assertThat(new OpsToken(withToken("")).configured()).isFalse();
    }

    private static PayhookProperties withToken(String token) {
        PayhookProperties properties = new PayhookProperties();
        properties.getOps().setToken(token);
        return properties;
    }
}
