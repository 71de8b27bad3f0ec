package dev.payhook.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The ops token and the console's CSRF token count only where a URL cannot leak them (logs,
 * history, Referer): the token in the Authorization header or the login form's body, the CSRF token
 * in the form's body or the X-CSRF-Token header.
 */
class SecretsInUrlTest extends GatewayTest {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");
    private static final String FORM = "application/x-www-form-urlencoded";

    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void theOpsTokenInTheLoginUrlIsNotALogin() throws Exception {
        String token = URLEncoder.encode(Gateway.OPS_TOKEN, StandardCharsets.UTF_8);

        assertThat(post("/ops/login?token=" + token, null, "name=ops").statusCode())
                .isEqualTo(401);
        assertThat(post("/ops/login?token=" + token, null, "token=" + token).statusCode())
                .as("the URL's token is not read even beside the form's")
                .isEqualTo(401);
        assertThat(session()).as("the form's token alone logs in").isNotNull();
    }

    @Test
    void aCsrfTokenInTheUrlIsNotOne() throws Exception {
        String cookie = session();
        String csrf = csrf(cookie);

        HttpResponse<String> inUrl = post("/ops/logout?_csrf=" + csrf, cookie, "");
        assertThat(inUrl.statusCode()).isEqualTo(403);
        assertThat(inUrl.body()).contains("invalid_csrf_token");
        assertThat(post("/ops/logout", cookie, "_csrf=" + csrf).statusCode())
                .as("the same token in the form's body")
                .isEqualTo(302);
    }

    /** Logs in with the token in the form's body; the session cookie. */
    private String session() throws Exception {
        HttpResponse<String> login =
                post("/ops/login", null, "token=" + URLEncoder.encode(Gateway.OPS_TOKEN, StandardCharsets.UTF_8));
        assertThat(login.statusCode()).isEqualTo(302);
        return login.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
    }

    private String csrf(String cookie) throws Exception {
        HttpResponse<String> page = client.send(
                HttpRequest.newBuilder(console("/ops/"))
                        .header("Cookie", cookie)
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher m = CSRF.matcher(page.body());
        assertThat(m.find()).as("the console page carries its CSRF token").isTrue();
        return m.group(1);
    }

    private HttpResponse<String> post(String path, String cookie, String form) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(console(path))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", FORM)
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI console(String path) {
        return URI.create("http://127.0.0.1:" + gateway.managementPort() + path);
    }
}
