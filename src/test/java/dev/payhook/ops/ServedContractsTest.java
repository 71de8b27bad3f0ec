package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.support.EventContracts;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.ServedContracts;
import dev.payhook.support.TestProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The event contracts ship in the jar and are served on the management listener, read role: the
 * AsyncAPI document, whose references resolve to the schemas served beside it, and the schemas,
 * which hold the messages this gateway publishes.
 */
class ServedContractsTest extends GatewayTest {

    @Test
    void everySchemaIsServedAndTakesWhatTheGatewayPublishes() throws IOException {
        ServedContracts served = ServedContracts.of(gateway.withToken(READ_TOKEN));
        try (Stream<Path> files = Files.list(EventContracts.FOLDER)) {
            assertThat(served.names())
                    .containsExactlyInAnyOrderElementsOf(
                            files.map(f -> f.getFileName().toString()).toList());
        }

        String order = unique("ord");
        payTwice(TestProvider.STRIPE, order, unique("pi"), 1050, "USD");
        String[] kinds = {"order.paid", "payment.succeeded", "review.opened"};
        Map<String, JsonNode> published = await().atMost(DEADLINE)
                .until(() -> ServedContracts.published(jdbc, order, kinds), m -> m.size() == kinds.length);
        published.forEach((kind, message) ->
                assertThat(served.fitting(message)).as(kind + " " + message).hasSize(1));
    }

    @Test
    void theAsyncApiDocumentsReferencesResolveBesideIt() throws IOException {
        String document = gateway.withToken(READ_TOKEN)
                .get(gateway.withToken(READ_TOKEN)
                        .get("/ops/contracts")
                        .json()
                        .path("asyncapi")
                        .asString())
                .body();
        assertThat(document).isEqualTo(Files.readString(Path.of("docs/asyncapi.yaml")));
        assertThat(document).contains("$ref: 'events/order.json'");
        assertThat(gateway.get("/ops/contracts/events/order.json").headers().get("Content-Type"))
                .anySatisfy(type -> assertThat(type).startsWith("application/schema+json"));
        assertThat(gateway.get("/ops/openapi")
                        .json()
                        .path("externalDocs")
                        .path("url")
                        .asString())
                .isEqualTo("/ops/contracts/asyncapi.yaml");
    }

    @Test
    void anUnknownSchemaIsANamed404AndNoTokenA401() {
        Gateway.Answer unknown = gateway.get("/ops/contracts/events/orders.json");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("error").asString()).isEqualTo("unknown_contract");
        assertThat(unknown.json().path("detail").asString()).contains("order.json");
        assertThat(gateway.withToken(null).get("/ops/contracts").status()).isEqualTo(401);
    }
}
