package dev.payhook.ops;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * The contracts of the messages on payhook.events, as the jar ships them: the AsyncAPI document and
 * one JSON Schema per message type. A team consuming the events from the image reads them here;
 * the document's relative references resolve to the schemas beside it.
 */
@RestController
public class ContractsController {

    static final String BASE = "/ops/contracts";

    private static final MediaType YAML = MediaType.parseMediaType("application/yaml");

    private static final MediaType SCHEMA = MediaType.parseMediaType("application/schema+json");

    /** One message type's contract: its file name, its title, and where it is served. */
    public record Contract(String name, String title, String href) {}

    /** The AsyncAPI document and the schemas it references. */
    public record Contracts(String asyncapi, List<Contract> schemas) {}

    private final String asyncapi;

    private final Map<String, String> schemas;

    /** The index, made once: the jar's contracts do not change while it runs. */
    private final Contracts index;

    public ContractsController() {
        this.asyncapi =
                read("classpath:contracts/asyncapi.yaml").values().iterator().next();
        this.schemas = read("classpath*:contracts/events/*.json");
        JsonMapper json = JsonMapper.builder().build();
        this.index = new Contracts(
                BASE + "/asyncapi.yaml",
                schemas.entrySet().stream()
                        .map(e -> new Contract(
                                e.getKey(),
                                json.readTree(e.getValue()).path("title").asString(),
                                BASE + "/events/" + e.getKey()))
                        .toList());
    }

    @GetMapping(BASE)
    public Contracts listContracts() {
        return index;
    }

    @GetMapping(BASE + "/asyncapi.yaml")
    public ResponseEntity<String> asyncApiDocument() {
        return ResponseEntity.ok().contentType(YAML).body(asyncapi);
    }

    @GetMapping(BASE + "/events/{name}")
    @Refuses(status = 404, error = "unknown_contract")
    public ResponseEntity<String> eventSchema(@PathVariable String name) {
        String schema = schemas.get(name);
        if (schema == null) {
            throw Refusal.unknown("unknown_contract", "the schemas: " + String.join(", ", schemas.keySet()));
        }
        return ResponseEntity.ok().contentType(SCHEMA).body(schema);
    }

    /** The text of each resource matching {@code pattern}, by file name; one missing is a broken build. */
    private static Map<String, String> read(String pattern) {
        Map<String, String> texts = new TreeMap<>();
        try {
            for (Resource r : new PathMatchingResourcePatternResolver().getResources(pattern)) {
                try (InputStream in = r.getInputStream()) {
                    texts.put(r.getFilename(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (texts.isEmpty()) {
            throw new IllegalStateException("the jar holds no " + pattern + ": it was built without docs/");
        }
        return Collections.unmodifiableMap(texts);
    }
}
