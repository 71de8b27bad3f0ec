package dev.payhook.reconcile;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.payhook.payment.WireName;
import dev.payhook.store.Storable;
import dev.payhook.store.Times;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Reconciliation runs, what each found, and where each provider's feed was read up to. */
@Component
public class RunStore {

    private static final int DETAIL = 1000;

    private final JdbcTemplate jdbc;

    /**
     * This instance, as its runs name their owner: the host (as the environment names it: no name
     * lookup at start-up), the process, and a start of its own.
     */
    private final String owner = System.getenv().getOrDefault("HOSTNAME", "host") + "/"
            + ProcessHandle.current().pid() + "/" + UUID.randomUUID().toString().substring(0, 8);

    public RunStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public String owner() {
        return owner;
    }

    /** {@code signal}: what a payer's return that started the run carried (Reconciler), else null. */
    public void start(UUID id, RunTrigger trigger, String provider, String orderId, Instant since, String signal) {
        jdbc.update(
                """
                INSERT INTO reconcile_runs (id, trigger, provider, order_id, since, signal, owner, heartbeat_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, now())""",
                id,
                trigger.wireName(),
                provider,
                orderId,
                since == null ? null : Timestamp.from(since),
                signal,
                owner);
    }

    /** This instance's runs still work; how many. The database's clock, as the check of others reads it. */
    public int beat() {
        return jdbc.update(
                "UPDATE reconcile_runs SET heartbeat_at = now() WHERE owner = ? AND status = 'running'", owner);
    }

    /**
     * Fails the running runs of other instances that have not beaten for {@code silence} (a run
     * from before owners were recorded counts from its start); how many.
     */
    public int abandonSilent(Duration silence) {
        return jdbc.update("""
                UPDATE reconcile_runs
                SET status = 'failed', finished_at = now(),
                    error = 'interrupted: its gateway (' || coalesce(owner, 'an earlier version') || ') stopped during the run'
                WHERE status = 'running' AND owner IS DISTINCT FROM ?
                  AND coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ?)""", owner, (double) silence.toMillis() / 1000);
    }

    public void count(UUID id, int checked, int applied, int unchanged) {
        jdbc.update(
                "UPDATE reconcile_runs SET checked = ?, applied = ?, unchanged = ? WHERE id = ?",
                checked,
                applied,
                unchanged,
                id);
    }

    public void finding(UUID runId, FindingKind kind, String orderId, String detail) {
        jdbc.update(
                "INSERT INTO reconcile_findings (run_id, kind, order_id, detail) VALUES (?, ?, ?, ?)",
                runId,
                kind.wireName(),
                orderId,
                Storable.text(detail, DETAIL));
    }

    public void finish(UUID id, RunStatus status, String error) {
        jdbc.update(
                "UPDATE reconcile_runs SET status = ?, error = ?, finished_at = now() WHERE id = ?",
                status.wireName(),
                Storable.text(error, DETAIL),
                id);
    }

    /** A run as ops see it: what started it, for what, how far it got and how it ended. */
    public record ReconcileRun(
            @JsonProperty("run_id") UUID runId,
            RunStatus status,
            RunTrigger trigger,
            String provider,
            @JsonProperty("order_id") String orderId,
            Instant since,
            int checked,
            int applied,
            int unchanged,
            String error,
            @JsonProperty("started_at") Instant startedAt,
            @JsonProperty("finished_at") Instant finishedAt,
            String owner,
            @JsonProperty("heartbeat_at") Instant heartbeatAt) {}

    /** What a run found that a person should know. */
    public record ReconcileFinding(
            FindingKind kind, @JsonProperty("order_id") String orderId, String detail) {}

    /** A run as {@code GET /ops/reconcile/{run_id}} shows it, findings included. */
    public record ReconcileRunDetail(@JsonUnwrapped ReconcileRun run, List<ReconcileFinding> findings) {}

    public Optional<ReconcileRunDetail> find(UUID id) {
        return jdbc.query(RUN + " WHERE id = ?", (rs, i) -> run(rs), id).stream()
                .findFirst()
                .map(run -> new ReconcileRunDetail(
                        run,
                        jdbc.query(
                                "SELECT kind, order_id, detail FROM reconcile_findings WHERE run_id = ? ORDER BY id",
                                (rs, i) -> new ReconcileFinding(
                                        WireName.parse(FindingKind.class, rs.getString("kind")),
                                        rs.getString("order_id"),
                                        rs.getString("detail")),
                                id)));
    }

    public List<ReconcileRun> recent(int limit) {
        return jdbc.query(RUN + " ORDER BY started_at DESC LIMIT ?", (rs, i) -> run(rs), limit);
    }

    private static ReconcileRun run(ResultSet rs) throws SQLException {
        return new ReconcileRun(
                rs.getObject("run_id", UUID.class),
                WireName.parse(RunStatus.class, rs.getString("status")),
                WireName.parse(RunTrigger.class, rs.getString("trigger")),
                rs.getString("provider"),
                rs.getString("order_id"),
                Times.instant(rs, "since"),
                rs.getInt("checked"),
                rs.getInt("applied"),
                rs.getInt("unchanged"),
                rs.getString("error"),
                Times.instant(rs, "started_at"),
                Times.instant(rs, "finished_at"),
                rs.getString("owner"),
                Times.instant(rs, "heartbeat_at"));
    }

    /** Whether a run for the order started within {@code window}. */
    /** Whether a return with the same signal started a run for the order within {@code window}. */
    public boolean startedFor(String orderId, String signal, Duration window) {
        return !jdbc.queryForList("""
                        SELECT 1 FROM reconcile_runs
                        WHERE order_id = ? AND signal = ? AND started_at > now() - ?::interval LIMIT 1""", orderId, signal, window.toSeconds() + " seconds")
                .isEmpty();
    }

    public boolean finished(UUID id) {
        return !jdbc.queryForList("SELECT 1 FROM reconcile_runs WHERE id = ? AND status <> 'running'", id)
                .isEmpty();
    }

    public Optional<String> cursor(String provider) {
        return jdbc
                .queryForList("SELECT position FROM reconcile_cursors WHERE provider = ?", String.class, provider)
                .stream()
                .findFirst();
    }

    public void saveCursor(String provider, String position) {
        jdbc.update("""
                INSERT INTO reconcile_cursors (provider, position) VALUES (?, ?)
                ON CONFLICT (provider) DO UPDATE SET position = EXCLUDED.position, updated_at = now()""", provider, position);
    }

    private static final String RUN = """
            SELECT id AS run_id, status, trigger, provider, order_id, since, checked, applied, unchanged, error,
                   started_at, finished_at, owner, heartbeat_at
            FROM reconcile_runs""";
}
