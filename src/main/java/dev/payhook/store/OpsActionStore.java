package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Append-only: what ops did, who and when, next to the evidence it concerns. */
@Component
public class OpsActionStore {

    private final JdbcTemplate jdbc;

    public OpsActionStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public void record(String actor, String action, String target, UUID receiptId, String detail) {
        jdbc.update(
                "INSERT INTO ops_actions (actor, action, target, receipt_id, detail) VALUES (?, ?, ?, ?, ?)",
                actor,
                action,
                target,
                receiptId,
                detail);
    }

    /** One of the rows of a bulk action: what it touched. */
    public record Target(String target, UUID receiptId, String detail) {}

    /** A row per target of one bulk action, all under {@code batchId}. */
    public void recordBatch(String actor, String action, UUID batchId, List<Target> targets) {
        jdbc.batchUpdate(
                """
                INSERT INTO ops_actions (actor, action, target, receipt_id, detail, batch_id)
                VALUES (?, ?, ?, ?, ?, ?)""",
                targets.stream()
                        .map(t -> new Object[] {actor, action, t.target(), t.receiptId(), t.detail(), batchId})
                        .toList());
    }

    /** One thing ops did: who, when, what to which target and receipt, and the bulk action it was part of. */
    public record OpsAction(
            Instant at,
            String actor,
            String action,
            String target,
            @JsonProperty("receipt_id") UUID receiptId,
            String detail,
            @JsonProperty("batch_id") UUID batchId) {}

    static OpsAction action(ResultSet rs) throws SQLException {
        return new OpsAction(
                Times.instant(rs, "at"),
                rs.getString("actor"),
                rs.getString("action"),
                rs.getString("target"),
                rs.getObject("receipt_id", UUID.class),
                rs.getString("detail"),
                rs.getObject("batch_id", UUID.class));
    }

    public List<OpsAction> ofReceipt(UUID receiptId) {
        return jdbc.query(
                "SELECT at, actor, action, target, receipt_id, detail, batch_id FROM ops_actions"
                        + " WHERE receipt_id = ? ORDER BY id",
                (rs, i) -> action(rs),
                receiptId);
    }
}
