package dev.payhook.reconcile;

import dev.payhook.payment.ReceiptOutcome;
import dev.payhook.processing.FactIntake;
import dev.payhook.processing.FactIntake.Taken;
import dev.payhook.provider.Fact;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * One run while it goes: every fact it learned through processing, counted as the contract
 * counts them, and what it found; kept in the database as it goes, so a running run shows progress.
 * The providers of one order are asked in parallel, so a run is told what they learned from
 * several threads at once.
 */
final class Run {

    private final UUID id;
    private final RunTrigger trigger;
    private final RunStore store;
    private final FactIntake intake;
    private final MeterRegistry meters;
    private final List<String> failures = new ArrayList<>();
    private final Set<String> feedsRead = new HashSet<>();
    private int checked;
    private int applied;
    private int unchanged;

    Run(UUID id, RunTrigger trigger, RunStore store, FactIntake intake, MeterRegistry meters) {
        this.meters = meters;
        this.id = id;
        this.trigger = trigger;
        this.store = store;
        this.intake = intake;
    }

    UUID id() {
        return id;
    }

    RunTrigger trigger() {
        return trigger;
    }

    /** Processes the fact like a webhook; returns what processing made of it. */
    Taken take(String provider, Fact fact) {
        Taken taken = intake.take(provider, fact, id);
        if (taken.applied()) {
            // a fact the webhooks had not delivered (yet): a lost or late webhook found
            applied(meters, provider).increment();
        }
        count(taken);
        FindingKind kind = switch (taken.outcome()) {
            case REVIEW -> FindingKind.REVIEW;
            case DEAD_LETTERED -> FindingKind.DEAD_LETTERED;
            case REJECTED_MODE -> FindingKind.REJECTED_MODE;
            case REJECTED_ACCOUNT -> FindingKind.REJECTED_ACCOUNT;
            default -> null;
        };
        if (kind != null) {
            finding(kind, taken.orderId(), provider + " " + describe(taken));
        }
        return taken;
    }

    private synchronized void count(Taken taken) {
        checked++;
        if (taken.applied()) {
            applied++;
        } else if (taken.unchanged()) {
            unchanged++;
        }
        store.count(id, checked, applied, unchanged);
    }

    /**
     * Marks the provider's feed read by this run; whether it was not before. A run that read a feed
     * learned what it holds: the orders it looks up next need not read it again.
     */
    synchronized boolean markFeedRead(String provider) {
        return feedsRead.add(provider);
    }

    void finding(FindingKind kind, String orderId, String detail) {
        store.finding(id, kind, orderId, detail);
        findings(meters, kind).increment();
    }

    static Counter applied(MeterRegistry meters, String provider) {
        return meters.counter("payhook.reconcile.applied", "provider", provider);
    }

    static Counter findings(MeterRegistry meters, FindingKind kind) {
        return meters.counter("payhook.reconcile.findings", "kind", kind.wireName());
    }

    /** A provider's API failed after its retries: the run goes on with other work but ends failed. */
    synchronized void failed(String reason) {
        failures.add(reason);
    }

    synchronized boolean hasFailed() {
        return !failures.isEmpty();
    }

    /** What {@code error} says of a failed run: the first failures, and how many there were. */
    synchronized String error() {
        String first = String.join("; ", failures.subList(0, Math.min(3, failures.size())));
        return failures.size() > 3 ? first + " (and " + (failures.size() - 3) + " more)" : first;
    }

    static String describe(Taken taken) {
        String what = taken.eventId() == null ? "a fact" : "fact " + taken.eventId();
        String outcome = taken.outcome() == ReceiptOutcome.DEAD_LETTERED
                ? "dead-lettered"
                : taken.outcome().wireName();
        return what + " " + outcome + (taken.reason() == null ? "" : ": " + taken.reason());
    }
}
