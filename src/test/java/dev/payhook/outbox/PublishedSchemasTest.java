package dev.payhook.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Each record of {@link Published} and the JSON Schema of docs/events/ that a merchant codes
 * against name the same fields, and the schema requires those the record always writes: a field
 * added, renamed or dropped on one side fails here before a consumer sees it. (EventContractsTest
 * checks the messages the gateway publishes against the schemas.)
 */
class PublishedSchemasTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void eachPublishedRecordIsItsSchema() throws IOException {
        assertSame("order.json", "data", Published.OrderChanged.class);
        assertSame("order.json", "data.entitlement", Published.Entitlement.class);
        assertSame("order.json", "data.cause.oneOf[0]", Published.EventCause.class);
        assertSame("order.json", "data.cause.oneOf[1]", Published.JobCause.class);
        assertSame("review.opened.json", "data", Published.ReviewOpened.class);
        assertSame("refund_request.json", "data", Published.RefundRequestChanged.class);
        assertSame("provider-event.json", "data", Published.ProviderEvent.class);
        assertSame("branch.json", "data", Published.BranchOffer.class);
        assertSame("branch.json", "data.reading", Published.Reading.class);
    }

    @Test
    void everyRecordOfTheInterfaceHasASchemaAbove() {
        assertThat(Stream.of(Published.class.getPermittedSubclasses()).map(Class::getSimpleName))
                .containsExactlyInAnyOrder(
                        "OrderChanged", "ReviewOpened", "RefundRequestChanged", "ProviderEvent", "BranchOffer");
    }

    private static void assertSame(String file, String path, Class<? extends Record> record) throws IOException {
        JsonNode schema = JSON.readTree(Path.of("docs/events", file).toFile());
        for (String step : path.split("\\.", -1)) {
            schema = step.endsWith("]")
                    ? schema.path(step.substring(0, step.indexOf('[')))
                            .path(Integer.parseInt(step.substring(step.indexOf('[') + 1, step.length() - 1)))
                    : schema.path("properties").path(step);
        }
        Set<String> fields = new LinkedHashSet<>();
        Set<String> always = new LinkedHashSet<>();
        collect(record, fields, always);
        List<String> properties = new ArrayList<>(schema.path("properties").propertyNames());
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(r -> required.add(r.asString()));
        assertThat(properties)
                .as(file + " " + path + " against " + record.getSimpleName())
                .containsExactlyInAnyOrderElementsOf(fields);
        assertThat(required)
                .as(file + " " + path + " requires what " + record.getSimpleName() + " always writes")
                .containsExactlyInAnyOrderElementsOf(always);
    }

    private static void collect(Class<?> record, Set<String> fields, Set<String> always) {
        for (RecordComponent component : record.getRecordComponents()) {
            if (component.getAccessor().isAnnotationPresent(JsonUnwrapped.class)) {
                collect(component.getType(), fields, always);
                continue;
            }
            // as PropertyNamingStrategies.SNAKE_CASE writes it
            String name = component.getName().replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
            fields.add(name);
            JsonInclude include = component.getAccessor().getAnnotation(JsonInclude.class);
            if (include == null || include.value() != JsonInclude.Include.NON_NULL) {
                always.add(name);
            }
        }
    }
}
