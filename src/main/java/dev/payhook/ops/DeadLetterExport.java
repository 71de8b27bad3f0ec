package dev.payhook.ops;

import dev.payhook.store.DeadLetterFilter;
import dev.payhook.store.DeadLetterStore;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
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
        readOnly.executeWithoutResult(s -> deadLetters.export(filter, rs -> {
            try {
                out.write(JSON.writeValueAsBytes(line(rs)));
                out.write('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
    }

    private static Map<String, Object> line(ResultSet rs) throws SQLException {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("id", rs.getString("id"));
        line.put("receipt_id", rs.getString("receipt_id"));
        line.put("provider", rs.getString("provider"));
        line.put("event_id", rs.getString("event_id"));
        line.put("event_type", rs.getString("event_type"));
        line.put("reason", rs.getString("reason"));
        line.put("detail", rs.getString("detail"));
        line.put("status", rs.getString("status"));
        line.put("received_at", instant(rs.getTimestamp("received_at")));
        line.put("created_at", instant(rs.getTimestamp("created_at")));
        line.put("headers", JSON.readTree(rs.getString("headers")));
        byte[] body = rs.getBytes("body");
        line.put("body_base64", body == null ? null : Base64.getEncoder().encodeToString(body));
        return line;
    }

    private static String instant(Timestamp at) {
        return at == null ? null : at.toInstant().toString();
    }
}
