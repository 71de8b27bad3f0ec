package dev.payhook.provider.esewa;

import dev.payhook.provider.UnparseablePayload;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * eSewa's return (the decoded {@code data}) as its fields with their values as written: eSewa signs
 * the text of each value ({@code total_amount=1000.0}), so a number must not be re-rendered.
 */
final class EsewaFields {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private EsewaFields() {}

    static Map<String, String> parse(byte[] body) {
        Map<String, String> fields = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new UnparseablePayload("the return is not a JSON object");
            }
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (value == null || value.isStructStart()) {
                    throw new UnparseablePayload("the return's field " + name + " is not a plain value");
                }
                fields.put(name, value == JsonToken.VALUE_NULL ? null : parser.getString());
            }
            if (parser.nextToken() != null) {
                throw new UnparseablePayload("the return has content after its object");
            }
        } catch (JacksonException e) {
            throw new UnparseablePayload("the return is not JSON");
        }
        return fields;
    }
}
