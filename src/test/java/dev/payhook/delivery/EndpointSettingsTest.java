package dev.payhook.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.outbox.EventSubscribers;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What stops the start-up in a {@code payhook.deliveries.<name>} entry, said so that it can be fixed. */
class EndpointSettingsTest {

    private static final String SECRET = "whsec_c2hvcC1zZWNyZXQta2V5";
    private static final List<Duration> SCHEDULE = List.of(Duration.ofSeconds(5));

    private static EndpointSettings endpoint(String url, boolean allowInsecure, String... secrets) {
        return new EndpointSettings(
                url == null ? null : URI.create(url),
                List.of(secrets),
                "order.*",
                Duration.ofSeconds(10),
                SCHEDULE,
                4,
                true,
                allowInsecure);
    }

    @Test
    void anHttpsUrlAndAWhsecSecretAreEnough() {
        assertThat(endpoint("https://shop.example.com/payhook", false, SECRET).problems("p"))
                .isEmpty();
    }

    @Test
    void plainHttpOnlyWhenAllowedAndNeverWithoutAHost() {
        assertThat(endpoint("http://shop.example.com/payhook", false, SECRET).problems("p"))
                .containsExactly("p.url: must be https (allow-insecure: true permits http, for local development)");
        assertThat(endpoint("http://localhost:9000/payhook", true, SECRET).problems("p"))
                .isEmpty();
        assertThat(endpoint("/payhook", true, SECRET).problems("p"))
                .containsExactly("p.url: an absolute http(s) URL is required");
    }

    @Test
    void aSecretMustDecodeAndOneMustBeThere() {
        assertThat(endpoint("https://shop.example.com/h", false, "whsec_not base64!")
                        .problems("p"))
                .containsExactly("p.secrets: a secret is whsec_ followed by base64");
        assertThat(endpoint("https://shop.example.com/h", false, " ").problems("p"))
                .containsExactly("p.secrets: at least one whsec_ secret is required");
    }

    @Test
    void theQueueKeepsOnlyTheTypesAskedForWithLikesWildcardsEscaped() {
        EndpointSettings settings = new EndpointSettings(
                URI.create("https://shop.example.com/h"),
                List.of(SECRET),
                "order.*, refund_request.*,review.opened,it's",
                Duration.ofSeconds(10),
                SCHEDULE,
                4,
                true,
                false);
        assertThat(EventSubscribers.kindFilter(new Endpoint("shop", settings).kinds()))
                .isEqualTo("PayhookKind LIKE 'order.%' ESCAPE '!' OR PayhookKind LIKE 'refund!_request.%' ESCAPE '!'"
                        + " OR PayhookKind LIKE 'review.opened' ESCAPE '!' OR PayhookKind LIKE 'it''s' ESCAPE '!'");
    }

    @Test
    void theScheduleIsUsedUpAfterItsLastDelay() {
        Endpoint e = new Endpoint("shop", endpoint("https://shop.example.com/h", false, SECRET));
        assertThat(e.retryAfter(1))
                .hasValueSatisfying(d -> assertThat(d).isBetween(Duration.ofMillis(4500), Duration.ofMillis(5500)));
        assertThat(e.retryAfter(2)).isEmpty();
    }
}
