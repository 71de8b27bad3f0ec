package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.config.OpsProperties;
import dev.payhook.config.OpsRole;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A token short enough to guess never guards the management listener, nor does one two holders
 * share: the gateway does not start. A token is known by its holder's name and roles.
 */
class OpsTokensTest {

    private static final String SINGLE = "0123456789abcdef0123456789abcdef";
    private static final String READER = "reader-0123456789abcdef0123456789";

    @Test
    void aTokenUnder32CharactersStopsTheStartUpWithHowToMakeOne() {
        assertThatThrownBy(() -> new OpsTokens(withToken("change-me")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("9 characters long")
                .hasMessageContaining("openssl rand -hex 32")
                .hasMessageNotContaining("change-me");
        OpsProperties shortNamed = withToken(SINGLE);
        named(shortNamed, "grafana", "short-but-not-32", OpsRole.READ);
        assertThatThrownBy(() -> new OpsTokens(shortNamed))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("payhook.ops.tokens.grafana.token is 16 characters long")
                .hasMessageNotContaining("short-but-not-32");
    }

    @Test
    void twoHoldersWithOneTokenOrANamedOneWithoutAValueStopTheStartUp() {
        OpsProperties shared = withToken(SINGLE);
        named(shared, "grafana", SINGLE, OpsRole.READ);
        assertThatThrownBy(() -> new OpsTokens(shared))
                .hasMessageContaining("payhook.ops.tokens.grafana.token has the same value as the token of ops-token")
                .hasMessageNotContaining(SINGLE);
        OpsProperties empty = withToken("");
        named(empty, "grafana", " ", OpsRole.READ);
        assertThatThrownBy(() -> new OpsTokens(empty))
                .hasMessageContaining("payhook.ops.tokens.grafana.token is empty");
    }

    @Test
    void eachTokenIsKnownByItsHolderWithItsRolesAndNoneMatchesNothing() {
        OpsProperties properties = withToken(SINGLE);
        named(properties, "grafana", READER, OpsRole.READ);
        OpsTokens tokens = new OpsTokens(properties);

        assertThat(tokens.bearer("Bearer " + SINGLE))
                .hasValueSatisfying(h -> assertThat(h.roles()).isEqualTo(OpsRole.ALL))
                .hasValueSatisfying(h -> assertThat(h.principal()).isEqualTo("ops-token"));
        assertThat(tokens.bearer("bearer " + READER))
                .hasValueSatisfying(h -> assertThat(h.roles()).containsExactly(OpsRole.READ))
                .hasValueSatisfying(h -> assertThat(h.principal()).isEqualTo("token:grafana"));
        assertThat(tokens.bearer("Bearer " + SINGLE.substring(1))).isEmpty();
        assertThat(tokens.bearer(SINGLE)).isEmpty();
        assertThat(new OpsTokens(withToken("")).configured()).isFalse();
    }

    @Test
    void aWriteNeedsOperateARefundNeedsRefundAndEveryReadNeedsRead() {
        assertThat(AccessFilter.required("GET", "/ops/refunds")).isEqualTo(OpsRole.READ);
        assertThat(AccessFilter.required("GET", "/ops/console/reviews/7/refund"))
                .isEqualTo(OpsRole.READ);
        assertThat(AccessFilter.required("POST", "/ops/refunds")).isEqualTo(OpsRole.REFUND);
        assertThat(AccessFilter.required("POST", "/ops/reviews/7/refund")).isEqualTo(OpsRole.REFUND);
        assertThat(AccessFilter.required("POST", "/ops/console/reviews/7/refund"))
                .isEqualTo(OpsRole.REFUND);
        assertThat(AccessFilter.required("POST", "/ops/reviews/7/resolve")).isEqualTo(OpsRole.OPERATE);
        assertThat(AccessFilter.required("PUT", "/api/orders/o-1")).isEqualTo(OpsRole.OPERATE);
        assertThat(AccessFilter.required("DELETE", "/ops/dead-letters/3")).isEqualTo(OpsRole.OPERATE);
        assertThat(AccessFilter.required("POST", "/ops/logout")).isNull();
    }

    private static OpsProperties withToken(String token) {
        OpsProperties ops = new OpsProperties();
        ops.setToken(token);
        return ops;
    }

    private static void named(OpsProperties ops, String name, String token, OpsRole... roles) {
        OpsProperties.NamedToken named = new OpsProperties.NamedToken();
        named.setToken(token);
        named.setRoles(Set.of(roles));
        ops.getTokens().put(name, named);
    }
}
