package dev.payhook.ops;

import dev.payhook.store.OrderEvidenceStore;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * One order's dispute evidence as a ZIP: {@code summary.json} (the order, its payments and every
 * event applied to them, disputes, refunds, the entitlement's changes each with its cause, reviews,
 * ops actions, and an index of the receipts), each receipt's raw body byte for byte under {@code
 * receipts/}, and {@code SHA256SUMS} over the bodies ({@code sha256sum -c} checks them). Secrets
 * were never stored, so none can be exported. Bodies are streamed: the pack is never held whole.
 */
@Component
class EvidencePack {

    private static final JsonMapper JSON =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    private static final DateTimeFormatter FILE_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final OrderEvidenceStore evidence;
    private final TransactionTemplate readOnly;
    private final Clock clock;

    EvidencePack(OrderEvidenceStore evidence, PlatformTransactionManager transactions, Clock clock) {
        this.evidence = evidence;
        this.clock = clock;
        // one snapshot for the summary and the bodies, and the bodies streamed by their fetch size
        this.readOnly = new TransactionTemplate(transactions);
        this.readOnly.setReadOnly(true);
        this.readOnly.setIsolationLevel(TransactionTemplate.ISOLATION_REPEATABLE_READ);
    }

    void write(String orderId, OrderView order, OutputStream out) {
        readOnly.executeWithoutResult(s -> {
            try (ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
                List<Map<String, Object>> receipts = receipts(orderId);
                entry(zip, "summary.json", JSON.writeValueAsBytes(summary(orderId, order, receipts)));
                Map<UUID, String> files = new LinkedHashMap<>();
                StringBuilder sums = new StringBuilder();
                for (Map<String, Object> r : receipts) {
                    if (r.get("body_file") != null) {
                        files.put((UUID) r.get("id"), (String) r.get("body_file"));
                        sums.append(r.get("body_sha256"))
                                .append("  ")
                                .append(r.get("body_file"))
                                .append('\n');
                    }
                }
                evidence.bodies(orderId, rs -> {
                    String file = files.get(rs.getObject("id", UUID.class));
                    if (file != null) {
                        entry(zip, file, rs.getBytes("body"));
                    }
                });
                entry(zip, "SHA256SUMS", sums.toString().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The receipts with their headers as JSON and, for each body still kept, its file in the pack. */
    private List<Map<String, Object>> receipts(String orderId) {
        List<Map<String, Object>> receipts = new ArrayList<>();
        for (Map<String, Object> row : evidence.receipts(orderId)) {
            Map<String, Object> r = new LinkedHashMap<>(row);
            r.put("headers", JSON.readTree((String) row.get("headers")));
            r.put(
                    "body_file",
                    row.get("body_length") == null
                            ? null
                            : "receipts/" + FILE_TIME.format(((Timestamp) row.get("received_at")).toInstant()) + "-"
                                    + row.get("id") + ".body");
            receipts.add(r);
        }
        return receipts;
    }

    private Map<String, Object> summary(String orderId, OrderView order, List<Map<String, Object>> receipts) {
        List<Map<String, Object>> events = evidence.paymentEvents(orderId);
        List<Map<String, Object>> refunds = evidence.refundRequests(orderId);
        List<Map<String, Object>> reviews = evidence.reviews(orderId);
        List<String> targets = new ArrayList<>();
        targets.add("order " + orderId);
        reviews.forEach(r -> targets.add("review " + r.get("id")));
        refunds.forEach(r -> targets.add("refund " + r.get("id")));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("generated_at", clock.instant().toString());
        summary.put("order", order);
        summary.put("payment_events", events);
        summary.put(
                "disputes",
                events.stream()
                        .filter(e -> String.valueOf(e.get("type")).startsWith("dispute."))
                        .toList());
        summary.put("refund_requests", refunds);
        summary.put("entitlement_timeline", timeline(orderId));
        summary.put("reviews", reviews);
        summary.put(
                "ops_actions",
                evidence.opsActions(
                        orderId, receipts.stream().map(r -> (UUID) r.get("id")).toList(), targets));
        summary.put("receipts", receipts);
        return summary;
    }

    /** Each change: when, what it became, and why (the provider's event, or a job). */
    private List<Map<String, Object>> timeline(String orderId) {
        List<Map<String, Object>> timeline = new ArrayList<>();
        for (Map<String, Object> change : evidence.changes(orderId)) {
            JsonNode data = JSON.readTree((String) change.get("message")).path("data");
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("at", change.get("at"));
            t.put("type", change.get("type"));
            t.put("version", data.path("version"));
            t.put("status", data.path("status"));
            t.put("entitlement", data.path("entitlement"));
            t.put("cause", data.path("cause"));
            timeline.add(t);
        }
        return timeline;
    }

    private static void entry(ZipOutputStream zip, String name, byte[] content) {
        try {
            zip.putNextEntry(new ZipEntry(name));
            zip.write(content);
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
