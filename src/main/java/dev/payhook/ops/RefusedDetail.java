package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.payhook.store.RefusedRequestStore;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One refused request with its kept headers (credential values redacted when it was kept) and
 * its body: {@code body} as text, {@code body_base64} byte for byte, {@code body_kept} how many
 * of {@code body_length} bytes were kept.
 */
public record RefusedDetail(
        @JsonUnwrapped RefusedRequestStore.RefusedView request,
        JsonNode headers,
        @JsonProperty("body_kept") int bodyKept,
        String body,
        @JsonProperty("body_base64") String bodyBase64) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static RefusedDetail of(RefusedRequestStore.Kept kept) {
        byte[] body = kept.body();
        return new RefusedDetail(
                kept.row(),
                JSON.readTree(kept.headers()),
                body.length,
                new String(body, StandardCharsets.UTF_8),
                Base64.getEncoder().encodeToString(body));
    }
}
