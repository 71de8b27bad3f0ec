package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ReceiptReads;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One receipt as ops read it: its raw body ({@code body} as UTF-8 text, {@code body_base64} byte
 * for byte; past {@code payhook.evidence.retention} only {@code body_sha256} and
 * {@code body_dropped_at} remain), a thin notification's fetched object, each event's outcome, and
 * what ops did.
 */
public record ReceiptDetail(
        @JsonUnwrapped ReceiptReads.Receipt row,
        @JsonProperty("trace_id") String traceId,
        String fact,
        JsonNode headers,
        @JsonProperty("body_sha256") String bodySha256,
        @JsonProperty("body_dropped_at") Instant bodyDroppedAt,
        @JsonProperty("fetched_kind") String fetchedKind,
        @JsonProperty("fetched_at") Instant fetchedAt,
        String body,
        @JsonProperty("body_base64") String bodyBase64,
        @JsonProperty("fetched_body") String fetchedBody,
        List<ReceiptReads.ReceiptEvent> events,
        @JsonProperty("ops_actions") List<OpsActionStore.OpsAction> opsActions) {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    static ReceiptDetail of(
            ReceiptReads.Whole w, List<ReceiptReads.ReceiptEvent> events, List<OpsActionStore.OpsAction> actions) {
        return new ReceiptDetail(
                w.found(),
                w.traceId(),
                w.fact(),
                JSON.readTree(w.headers()),
                w.bodySha256(),
                w.bodyDroppedAt(),
                w.fetchedKind(),
                w.fetchedAt(),
                text(w.body()),
                w.body() == null ? null : Base64.getEncoder().encodeToString(w.body()),
                text(w.fetchedBody()),
                events,
                actions);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
