package dev.payhook.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The ops console spoken to as a browser's forms do, without a browser: a session cookie, its CSRF token. */
public final class ConsoleClient {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");
    private static final String FORM = "application/x-www-form-urlencoded";

    private final HttpClient client = HttpClient.newHttpClient();
    private final int managementPort;

    public ConsoleClient(int managementPort) {
        this.managementPort = managementPort;
    }

    /** Logs in with {@code token} in the form's body; the session cookie. */
    public String session(String token) {
        HttpResponse<String> login = post("/ops/login", null, "token=" + encode(token));
        assertThat(login.statusCode()).as("login").isEqualTo(302);
        return login.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
    }

    public HttpResponse<String> get(String path, String cookie) {
        return send(request(path).header("Cookie", cookie).GET().build());
    }

    /** The CSRF token the session's pages carry. */
    public String csrf(String cookie) {
        Matcher m = CSRF.matcher(get("/ops/", cookie).body());
        assertThat(m.find()).as("the console page carries its CSRF token").isTrue();
        return m.group(1);
    }

    /** A form POSTed; {@code cookie} may be null. */
    public HttpResponse<String> post(String path, String cookie, String form) {
        HttpRequest.Builder b =
                request(path).header("Content-Type", FORM).POST(HttpRequest.BodyPublishers.ofString(form));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return send(b.build());
    }

    public static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + path))
                .timeout(Duration.ofSeconds(30));
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
