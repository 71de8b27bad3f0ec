package dev.payhook.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** A branch as configured: checked at start, and one that leaves over HTTP is signed or refused. */
class BranchesTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    @Test
    void aBranchToAnHttpUrlWithoutASecretStopsTheStartNamingTheSetting() {
        assertThatThrownBy(() -> branches(Map.of(
                        "payhook.branches.crm.to", "https://crm.example.com/hooks",
                        "payhook.branches.crm.events", "stripe:customer.updated")))
                .isInstanceOf(SetupFailure.class)
                .hasMessageContaining("payhook.branches.crm.secrets: a branch to an HTTP URL signs each event");
    }

    @Test
    void aSecretThatIsNotBase64IsNamedAndNeverShown() {
        assertThatThrownBy(() -> branches(Map.of(
                        "payhook.branches.crm.to", "https://crm.example.com/hooks",
                        "payhook.branches.crm.events", "stripe:customer.updated",
                        "payhook.branches.crm.secrets", "whsec_not base64!")))
                .isInstanceOf(SetupFailure.class)
                .hasMessageContaining("payhook.branches.crm.secrets: a secret is whsec_ followed by base64")
                .hasMessageNotContaining("not base64!");
    }

    @Test
    void aBranchToARouteOfOneselfNeedsNoSecretAndTwoSignWhileRotating() {
        Branches branches = branches(Map.of(
                "payhook.branches.crm.to", "https://crm.example.com/hooks?token=hunter2",
                "payhook.branches.crm.events", "stripe:customer.updated",
                "payhook.branches.crm.secrets", SECRET + "," + SECRET.replace('M', 'N'),
                "payhook.branches.local.to", "direct:crm",
                "payhook.branches.local.events", "stripe:customer.created"));
        assertThat(branches.all())
                .extracting(b -> b.name() + " " + b.secrets().size())
                .containsExactly("crm 2", "local 0");
        assertThat(branches.all().iterator().next().toString())
                .as("a branch in a log line")
                .doesNotContain(SECRET)
                .doesNotContain("hunter2");
    }

    private static Branches branches(Map<String, Object> settings) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", settings));
        return new Branches(environment);
    }
}
