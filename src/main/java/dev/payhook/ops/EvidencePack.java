package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.OrderEvidenceStore;
import dev.payhook.store.RefundRequestReads;
import dev.payhook.store.ReviewStore;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
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
    private final RefundRequestReads refundRequests;
    private final ReviewStore reviews;
    private final TransactionTemplate readOnly;
    private final Clock clock;

    EvidencePack(
            OrderEvidenceStore evidence,
            RefundRequestReads refundRequests,
            ReviewStore reviews,
            PlatformTransactionManager transactions,
            Clock clock) {
        this.evidence = evidence;
        this.refundRequests = refundRequests;
        this.reviews = reviews;
        this.clock = clock;
        // one snapshot for the summary and the bodies, and the bodies streamed by their fetch size
        this.readOnly = new TransactionTemplate(transactions);
        this.readOnly.setReadOnly(true);
        this.readOnly.setIsolationLevel(TransactionTemplate.ISOLATION_REPEATABLE_READ);
    }

    /** A receipt as the pack lists it: the row, and where its body is in the pack (null once dropped). */
    record PackedReceipt(
            @JsonUnwrapped OrderEvidenceStore.EvidenceReceipt receipt,
            @JsonProperty("body_file") String bodyFile) {}

    /** A change of the order's status or entitlement: what it became, and why. */
    record Change(Instant at, String type, JsonNode version, JsonNode status, JsonNode entitlement, JsonNode cause) {}

    /** {@code summary.json}. */
    record Summary(
            @JsonProperty("generated_at") Instant generatedAt,
            OrderView order,
            @JsonProperty("payment_events") List<OrderEvidenceStore.AppliedEvent> paymentEvents,
            List<OrderEvidenceStore.AppliedEvent> disputes,
            @JsonProperty("refund_requests") List<RefundRequestReads.RefundView> refundRequests,
            @JsonProperty("entitlement_timeline") List<Change> entitlementTimeline,
            List<ReviewStore.ReviewView> reviews,
            @JsonProperty("ops_actions") List<OpsActionStore.OpsAction> opsActions,
            List<PackedReceipt> receipts) {}

    void write(String orderId, OrderView order, OutputStream out) {
        readOnly.executeWithoutResult(s -> {
            try (ZipOutputStream zip = new ZipOutputStream(out, StandardCharsets.UTF_8)) {
                List<PackedReceipt> receipts = evidence.receipts(orderId).stream()
                        .map(EvidencePack::packed)
                        .toList();
                entry(zip, "summary.json", JSON.writeValueAsBytes(summary(orderId, order, receipts)));
                Map<UUID, String> files = new LinkedHashMap<>();
                StringBuilder sums = new StringBuilder();
                for (PackedReceipt r : receipts) {
                    if (r.bodyFile() != null) {
                        files.put(r.receipt().receipt().id(), r.bodyFile());
                        sums.append(r.receipt().bodySha256())
                                .append("  ")
                                .append(r.bodyFile())
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

    /** The receipt with, while its body is kept, its file in the pack. */
    private static PackedReceipt packed(OrderEvidenceStore.EvidenceReceipt r) {
        return new PackedReceipt(
                r,
                r.bodyLength() == null
                        ? null
                        : "receipts/" + FILE_TIME.format(r.receipt().receivedAt()) + "-"
                                + r.receipt().id() + ".body");
    }

    private Summary summary(String orderId, OrderView order, List<PackedReceipt> receipts) {
        List<OrderEvidenceStore.AppliedEvent> events = evidence.paymentEvents(orderId);
        List<RefundRequestReads.RefundView> refunds = refundRequests.ofOrder(orderId);
        List<ReviewStore.ReviewView> opened = reviews.ofOrder(orderId);
        List<String> targets = new ArrayList<>();
        targets.add("order " + orderId);
        opened.forEach(r -> targets.add("review " + r.id()));
        refunds.forEach(r -> targets.add("refund " + r.id()));
        return new Summary(
                clock.instant(),
                order,
                events,
                events.stream()
                        .filter(e -> e.type().wireName().startsWith("dispute."))
                        .toList(),
                refunds,
                timeline(orderId),
                opened,
                evidence.opsActions(
                        orderId,
                        receipts.stream().map(r -> r.receipt().receipt().id()).toList(),
                        targets),
                receipts);
    }

    /** Each change: when, what it became, and why (the provider's event, or a job). */
    private List<Change> timeline(String orderId) {
        return evidence.changes(orderId).stream()
                .map(c -> {
                    JsonNode data = c.message().path("data");
                    return new Change(
                            c.at(),
                            c.type(),
                            data.path("version"),
                            data.path("status"),
                            data.path("entitlement"),
                            data.path("cause"));
                })
                .toList();
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
