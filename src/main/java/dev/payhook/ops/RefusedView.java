package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.store.RefusedRequestStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A refused request as {@code GET /ops/refused} lists it, without its body. */
public record RefusedView(
        UUID id,
        String provider,
        @JsonProperty("received_at") Instant receivedAt,
        @JsonProperty("source_ip") String sourceIp,
        String reason,
        @JsonProperty("body_length") Integer bodyLength,
        @JsonProperty("body_sha256") String bodySha256) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static RefusedView of(RefusedRequestStore.Row r) {
        return new RefusedView(
                r.id(), r.provider(), r.receivedAt(), r.sourceIp(), r.reason(), r.bodyLength(), r.bodySha256());
    }

    /**
     * One refused request with its kept headers (credential values redacted when it was kept) and
     * its body: {@code body} as text, {@code body_base64} byte for byte, {@code body_kept} how many
     * of {@code body_length} bytes were kept.
     */
    public record RefusedDetail(
            UUID id,
            String provider,
            @JsonProperty("received_at") Instant receivedAt,
            @JsonProperty("source_ip") String sourceIp,
            String reason,
            JsonNode headers,
            @JsonProperty("body_length") Integer bodyLength,
            @JsonProperty("body_sha256") String bodySha256,
            @JsonProperty("body_kept") int bodyKept,
            String body,
            @JsonProperty("body_base64") String bodyBase64) {

        static RefusedDetail of(RefusedRequestStore.Kept kept) {
            RefusedRequestStore.Row r = kept.row();
            byte[] body = kept.body();
            return new RefusedDetail(
                    r.id(),
                    r.provider(),
                    r.receivedAt(),
                    r.sourceIp(),
                    r.reason(),
                    JSON.readTree(kept.headers()),
                    r.bodyLength(),
                    r.bodySha256(),
                    body.length,
                    new String(body, StandardCharsets.UTF_8),
                    Base64.getEncoder().encodeToString(body));
        }
    }
}
