package dev.payhook.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.broker.Destination;
import dev.payhook.payment.EntitlementStatus;
import dev.payhook.payment.EventType;
import dev.payhook.payment.OrderStatus;
import dev.payhook.payment.PaymentStatus;
import dev.payhook.payment.RefundStatus;
import dev.payhook.payment.ReviewKind;
import dev.payhook.payment.SubscriptionStatus;
import dev.payhook.payment.WireName;
import dev.payhook.support.EventContracts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The schemas of docs/events/ speak the code's vocabulary, and hold a message to its fields. That
 * every message the tests publish fits one is checked after each gateway test (GatewayTest).
 */
class EventContractsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final String ORDER_PAID = """
            {"type":"order.paid","timestamp":"2026-12-02T10:00:00.123Z",
             "data":{"order_id":"ord-1","status":"paid","version":3,
                     "entitlement":{"status":"active","changes_at":null},
                     "amount_minor":1050,"currency":"USD","sku":"book-1","customer_id":"c-1",
                     "cause":{"provider":"stripe","event_id":"evt_1","provider_payment_id":"pi_1"}}}""";

    @Test
    void eachSchemaNamesTheTypesAndStatusesTheCodeWrites() throws IOException {
        assertThat(enumAt("order.json", "/properties/type/enum"))
                .containsExactlyInAnyOrderElementsOf(Stream.concat(
                                names(OrderStatus.class).stream().map(s -> "order." + s),
                                names(EntitlementStatus.class).stream().map(s -> "entitlement." + s))
                        .toList());
        assertThat(enumAt("order.json", "/properties/data/properties/status/enum"))
                .containsExactlyInAnyOrderElementsOf(names(OrderStatus.class));
        assertThat(enumAt("refund_request.json", "/properties/type/enum"))
                .containsExactlyInAnyOrderElementsOf(names(RefundStatus.class).stream()
                        .map(s -> "refund_request." + s)
                        .toList());
        assertThat(enumAt("review.opened.json", "/properties/data/properties/kind/enum"))
                .containsExactlyInAnyOrderElementsOf(names(ReviewKind.class));
        assertThat(enumAt("provider-event.json", "/properties/type/enum"))
                .containsExactlyInAnyOrderElementsOf(names(EventType.class).stream()
                        .filter(t -> !t.equals(EventType.OTHER.wireName()))
                        .toList());
        assertThat(enumAt("provider-event.json", "/properties/data/properties/payment_status/enum"))
                .containsExactlyInAnyOrderElementsOf(withNull(names(PaymentStatus.class)));
        assertThat(enumAt("provider-event.json", "/properties/data/properties/subscription_status/enum"))
                .containsExactlyInAnyOrderElementsOf(withNull(names(SubscriptionStatus.class)));
    }

    @Test
    void anOrderMessageFitsTheOrderSchemaOnlyAndARenamedFieldFitsNone() {
        JsonNode paid = JSON.readTree(ORDER_PAID);
        assertThat(EventContracts.fitting(paid)).containsExactly("order.json");

        ObjectNode renamed = (ObjectNode) paid.deepCopy();
        ObjectNode data = (ObjectNode) renamed.path("data");
        data.set("orderId", data.remove("order_id"));
        assertThat(EventContracts.fitting(renamed)).isEmpty();
        assertThat(EventContracts.errors("order.json", renamed))
                .anySatisfy(error -> assertThat(error).contains("order_id"));

        ObjectNode unknownStatus = (ObjectNode) paid.deepCopy();
        ((ObjectNode) unknownStatus.path("data")).put("status", "settled");
        assertThat(EventContracts.fitting(unknownStatus)).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theAsyncApiDocumentDescribesTheAddressAndEverySchema() throws IOException {
        Map<String, Object> api = new Yaml().load(Files.readString(Path.of("docs/asyncapi.yaml")));
        assertThat(api.get("asyncapi")).isEqualTo("3.0.0");
        Map<String, Map<String, Object>> channels = (Map<String, Map<String, Object>>) api.get("channels");
        assertThat(channels.get("events").get("address")).isEqualTo(Destination.EVENTS.address());
        Map<String, Map<String, Object>> messages =
                (Map<String, Map<String, Object>>) ((Map<String, Object>) api.get("components")).get("messages");
        List<String> payloads = messages.values().stream()
                .map(m -> (String) ((Map<String, Object>) m.get("payload")).get("$ref"))
                .toList();
        try (Stream<Path> files = Files.list(EventContracts.FOLDER)) {
            assertThat(payloads)
                    .as("every schema of docs/events/ is a message of docs/asyncapi.yaml, and only those")
                    .containsExactlyInAnyOrderElementsOf(
                            files.map(f -> "events/" + f.getFileName()).toList());
        }
    }

    private static List<String> enumAt(String schema, String pointer) throws IOException {
        JsonNode node = JSON.readTree(Files.readString(EventContracts.FOLDER.resolve(schema)))
                .at(pointer);
        List<String> values = new ArrayList<>();
        node.forEach(v -> values.add(v.isNull() ? null : v.asString()));
        return values;
    }

    private static <E extends Enum<E> & WireName> List<String> names(Class<E> type) {
        return Stream.of(type.getEnumConstants()).map(WireName::wireName).toList();
    }

    private static List<String> withNull(List<String> names) {
        List<String> all = new ArrayList<>(names);
        all.add(null);
        return all;
    }
}
