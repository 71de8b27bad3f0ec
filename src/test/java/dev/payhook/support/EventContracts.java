package dev.payhook.support;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The contracts of the messages on payhook.events: the JSON Schemas of docs/events/. A message
 * keeps its contract when exactly one schema takes it; {@link #unkept} says which messages a
 * database's outbox holds that do not, each message read once per database.
 */
public final class EventContracts {

    public static final Path FOLDER = Path.of("docs/events");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final Map<String, Schema> SCHEMAS = load();

    /** The outbox id up to which each database's messages were checked. */
    private static final Map<String, Long> CHECKED = new ConcurrentHashMap<>();

    private EventContracts() {}

    public static Map<String, Schema> schemas() {
        return SCHEMAS;
    }

    /** The schemas that take {@code message}, by file name. */
    public static List<String> fitting(JsonNode message) {
        List<String> fits = new ArrayList<>();
        SCHEMAS.forEach((name, schema) -> {
            if (schema.validate(message).isEmpty()) {
                fits.add(name);
            }
        });
        return fits;
    }

    /** Why {@code message} breaks {@code schema}: one line per error. */
    public static List<String> errors(String schema, JsonNode message) {
        return SCHEMAS.get(schema).validate(message).stream()
                .map(Error::toString)
                .toList();
    }

    /**
     * The messages written to payhook.events since the last call for this database that fit no
     * schema or more than one, each with the errors against the schema its type names.
     */
    public static List<String> unkept(JdbcTemplate jdbc, String database) {
        long from = CHECKED.getOrDefault(database, 0L);
        List<String> unkept = new ArrayList<>();
        long[] last = {from};
        jdbc.query(
                "SELECT id, kind, payload::text FROM outbox WHERE destination = 'payhook.events' AND id > ? ORDER BY id",
                rs -> {
                    last[0] = rs.getLong(1);
                    JsonNode message = JSON.readTree(rs.getString(3));
                    List<String> fits = fitting(message);
                    if (fits.size() != 1) {
                        unkept.add(rs.getString(2) + " fits " + fits + ": " + message + " "
                                + SCHEMAS.keySet().stream()
                                        .map(name -> name + " " + errors(name, message))
                                        .toList());
                    }
                },
                from);
        CHECKED.put(database, last[0]);
        return unkept;
    }

    private static Map<String, Schema> load() {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        Map<String, Schema> schemas = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(FOLDER)) {
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(file)) {
                    schemas.put(file.getFileName().toString(), registry.getSchema(in));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return schemas;
    }
}
