package dev.payhook.reconcile;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The daily run compares every feed with what Payhook knows: what it can apply it applies, what it
 * cannot (a payment for an order nobody registered) is a finding, a review and an alert.
 */
class DailyRunTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final TestProvider STRIPE = TestProvider.STRIPE;

    @Autowired
    Reconciler reconciler;

    @Test
    void differenceProcessingCannotApplyIsAFindingAReviewAndAnAlert() {
        String order = unique("ord");
        gateway.putOrder(order, 1300, "EUR");
        Instant at = Instant.now().minusSeconds(3600);
        String lost = unique("evt");
        String stray = unique("evt");
        String strayOrder = unique("ord");
        String events = "{\"object\":\"list\",\"has_more\":false,\"url\":\"/v1/events\",\"data\":["
                + text(STRIPE.payment(lost, unique("pi"), order, 1300, "EUR", at)) + ","
                + text(STRIPE.payment(stray, unique("pi"), strayOrder, 990, "EUR", at)) + "]}";
        StubMapping feed = API.stubFor(get(urlPathEqualTo("/stripe/v1/events")).willReturn(okJson(events)));
        try {
            UUID run = reconciler.daily();

            JsonNode report = gateway.get("/ops/reconcile/" + run).json();
            assertThat(report.path("status").asString()).isEqualTo("done");
            assertThat(report.path("trigger").asString()).isEqualTo("daily");
            assertThat(report.path("applied").asInt()).isEqualTo(1);
            assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
            assertThat(report.path("findings").toString())
                    .contains("dead_lettered")
                    .contains(stray);
            assertThat(count(
                            "SELECT count(*) FROM reviews WHERE kind = 'provider_difference' AND subject = ?",
                            "stripe:" + stray))
                    .isEqualTo(1);
            assertThat(count(
                            "SELECT count(*) FROM outbox WHERE dedupe_key = ?",
                            "alert:provider_difference:stripe:" + stray))
                    .isEqualTo(1);
            assertThat(count("SELECT count(*) FROM reconcile_cursors WHERE provider = 'stripe'"))
                    .isEqualTo(1);
        } finally {
            API.removeStub(feed);
        }
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
