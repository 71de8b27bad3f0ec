package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/openapi.yaml is the document the code makes: the order and ops API as springdoc reads the
 * controllers. A change to an operation changes the file in the same commit, so a client generated
 * from it never meets a gateway it does not describe.
 */
class OpenApiDocumentTest extends GatewayTest {

    private static final Path CHECKED_IN = Path.of("docs/openapi.yaml");

    @Test
    void theCheckedInDocumentIsTheOneTheCodeMakes() throws IOException {
        String served = gateway.get("/ops/openapi.yaml").body();
        assertThat(served).startsWith("openapi: 3.1.0");
        Path made = Path.of("target/openapi.yaml");
        Files.writeString(made, served);
        assertThat(Files.exists(CHECKED_IN) ? Files.readString(CHECKED_IN) : "")
                .as("docs/openapi.yaml differs from what the code makes: review target/openapi.yaml and copy it"
                        + " over (cp target/openapi.yaml docs/openapi.yaml)")
                .isEqualTo(served);
    }

    @Test
    void theDocumentNamesTheOperationsAndNeedsTheToken() {
        String served = gateway.get("/ops/openapi.yaml").body();
        assertThat(served)
                .contains("/api/orders/{orderId}:", "/ops/dead-letters/{id}/replay:", "/ops/refunds:")
                .doesNotContain("/ops/console/", "/webhooks/", "/returns/");
        tools.jackson.databind.JsonNode api = tools.jackson.databind.json.JsonMapper.shared()
                .readTree(gateway.get("/ops/openapi").body());
        assertThat(api.at("/paths/~1ops~1refunds/post/x-payhook-role").toString())
                .isEqualTo("[\"refund\"]");
        assertThat(api.at("/paths/~1ops~1dead-letters~1{id}~1replay/post/x-payhook-role")
                        .toString())
                .isEqualTo("[\"operate\"]");
        assertThat(api.at("/paths/~1api~1orders~1{orderId}/put/x-payhook-role").toString())
                .isEqualTo("[\"operate\",\"orders\"]");
        assertThat(api.at("/paths/~1ops~1refunds/post/responses/403/content/application~1json/schema/$ref")
                        .asString())
                .isEqualTo("#/components/schemas/Error");
        assertThat(api.at("/paths/~1ops~1refunds/get/parameters").toString())
                .as("a status filter lists the statuses, a page size its range")
                .contains("\"enum\":[\"requested\"", "\"all\"]", "\"maximum\":" + Inputs.MAX_ROWS, "\"minimum\":1");
        List<String> ids = new ArrayList<>();
        api.get("paths")
                .forEach(path -> path.forEach(
                        operation -> ids.add(operation.get("operationId").asString())));
        assertThat(ids)
                .as("every operation is named by its handler method, once; springdoc's _1 means two share a name")
                .doesNotHaveDuplicates()
                .noneMatch(id -> id.matches(".*_\\d+"))
                .contains("registerOrder", "replayDeadLetter", "listDeadLetters");
        assertThat(gateway.request("GET", "/ops/openapi", Map.of()).status()).isEqualTo(401);
        assertThat(gateway.request("GET", "/ops/openapi.yaml", Map.of()).status())
                .isEqualTo(401);
    }
}
