package dev.payhook.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The event contracts as a running gateway serves them ({@code GET /ops/contracts}), each schema
 * fetched from the address the index gives: what a team consuming the events from the image has.
 */
public final class ServedContracts {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Map<String, Schema> schemas = new LinkedHashMap<>();

    private ServedContracts() {}

    public static ServedContracts of(Gateway gateway) {
        ServedContracts served = new ServedContracts();
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        for (JsonNode contract : gateway.get("/ops/contracts").json().path("schemas")) {
            Gateway.Answer schema = gateway.get(contract.path("href").asString());
            assertThat(schema.status()).as(contract.toString()).isEqualTo(200);
            served.schemas.put(contract.path("name").asString(), registry.getSchema(schema.body()));
        }
        return served;
    }

    public List<String> names() {
        return List.copyOf(schemas.keySet());
    }

    /** The served schemas that take {@code message}, by name. */
    public List<String> fitting(JsonNode message) {
        List<String> fits = new ArrayList<>();
        schemas.forEach((name, schema) -> {
            if (schema.validate(message).isEmpty()) {
                fits.add(name);
            }
        });
        return fits;
    }

    /** The messages of those kinds in the outbox whose payload mentions {@code mark}, by kind. */
    public static Map<String, JsonNode> published(JdbcTemplate jdbc, String mark, String... kinds) {
        Map<String, JsonNode> messages = new LinkedHashMap<>();
        for (String kind : kinds) {
            jdbc.query(
                    "SELECT payload::text FROM outbox WHERE kind = ? AND payload::text LIKE ? ORDER BY id LIMIT 1",
                    rs -> {
                        messages.put(kind, JSON.readTree(rs.getString(1)));
                    },
                    kind,
                    "%" + mark + "%");
        }
        return messages;
    }
}
