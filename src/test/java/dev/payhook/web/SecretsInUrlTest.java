package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.ConsoleClient;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * The ops token and the console's CSRF token count only where a URL cannot leak them (logs,
 * history, Referer): the token in the Authorization header or the login form's body, the CSRF token
 * in the form's body or the X-CSRF-Token header.
 */
class SecretsInUrlTest extends GatewayTest {

    @Test
    void theOpsTokenInTheLoginUrlIsNotALogin() {
        ConsoleClient console = new ConsoleClient(gateway.managementPort());
        String token = ConsoleClient.encode(Gateway.OPS_TOKEN);

        assertThat(console.post("/ops/login?token=" + token, null, "name=ops").statusCode())
                .isEqualTo(401);
        assertThat(console.post("/ops/login?token=" + token, null, "token=" + token)
                        .statusCode())
                .as("the URL's token is not read even beside the form's")
                .isEqualTo(401);
        assertThat(console.session(Gateway.OPS_TOKEN))
                .as("the form's token alone logs in")
                .isNotNull();
    }

    @Test
    void aCsrfTokenInTheUrlIsNotOne() {
        ConsoleClient console = new ConsoleClient(gateway.managementPort());
        String cookie = console.session(Gateway.OPS_TOKEN);
        String csrf = console.csrf(cookie);

        HttpResponse<String> inUrl = console.post("/ops/logout?_csrf=" + csrf, cookie, "");
        assertThat(inUrl.statusCode()).isEqualTo(403);
        assertThat(inUrl.body()).contains("invalid_csrf_token");
        assertThat(console.post("/ops/logout", cookie, "_csrf=" + csrf).statusCode())
                .as("the same token in the form's body")
                .isEqualTo(302);
    }
}
