package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.DeadLetterReason;
import dev.payhook.store.DeadLetterFilter;
import dev.payhook.store.DeadLetterStore;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A filter's dead letters as NDJSON, a line each, written as they are read: the receipt, its kept
 * headers, the raw body byte for byte in base64 (null once the retention dropped it), reason and detail.
 */
@Component
class DeadLetterExport {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final DeadLetterStore deadLetters;
    private final TransactionTemplate readOnly;

    DeadLetterExport(DeadLetterStore deadLetters, PlatformTransactionManager transactions) {
        this.deadLetters = deadLetters;
        // PostgreSQL streams a result by its fetch size only inside a transaction
        this.readOnly = new TransactionTemplate(transactions);
        this.readOnly.setReadOnly(true);
    }

    void write(DeadLetterFilter filter, OutputStream out) {
        readOnly.executeWithoutResult(s -> deadLetters.export(filter, exported -> {
            try {
                out.write(JSON.writeValueAsBytes(Line.of(exported)));
                out.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
    }

    /** A line of the export: the dead letter, its receipt's kept headers and its raw body, byte for byte. */
    record Line(
            UUID id,
            @JsonProperty("receipt_id") UUID receiptId,
            String provider,
            @JsonProperty("event_id") String eventId,
            @JsonProperty("event_type") String eventType,
            DeadLetterReason reason,
            String detail,
            DeadLetterStore.Status status,
            @JsonProperty("received_at") Instant receivedAt,
            @JsonProperty("created_at") Instant createdAt,
            JsonNode headers,
            @JsonProperty("body_base64") String bodyBase64) {

        static Line of(DeadLetterStore.Exported e) {
            DeadLetterStore.DeadLetterView r = e.row();
            return new Line(
                    r.id(),
                    r.receiptId(),
                    r.provider(),
                    r.eventId(),
                    r.eventType(),
                    r.reason(),
                    r.detail(),
                    r.status(),
                    r.receivedAt(),
                    r.createdAt(),
                    e.headers() == null ? null : JSON.readTree(e.headers()),
                    e.body() == null ? null : Base64.getEncoder().encodeToString(e.body()));
        }
    }
}
