package dev.payhook.reconcile;

import dev.payhook.config.ReconcileProperties;
import dev.payhook.payment.ReviewKind;
import dev.payhook.processing.InboundQueue;
import dev.payhook.processing.Reviews;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.EventFeed;
import dev.payhook.provider.Fact;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.reconcile.OpenWork.Known;
import dev.payhook.reconcile.OpenWork.PendingOrder;
import dev.payhook.reconcile.OrderLookup.Answer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Active reconciliation (docs/DESIGN.md §7): asks the providers' APIs and puts every answer
 * through the same processing as a webhook. A run is one trigger's work, recorded with its counts
 * and findings; a provider that fails changes nothing and ends the run {@code failed}.
 */
@Component
public class Reconciler {

    private static final Duration RETURN_THROTTLE = Duration.ofSeconds(10);
    /** The signal of a return that carries nothing verifiable: the order alone is looked up. */
    private static final String LOOKUP = "lookup";

    private final ProviderRegistry providers;
    private final OpenWork work;
    private final OrderLookup orders;
    private final FeedReader feeds;
    private final Runs runs;
    private final Reviews reviews;
    private final InboundQueue inbound;
    private final SubscriptionCheck subscriptionCheck;
    private final ReconcileProperties properties;
    private final Clock clock;

    Reconciler(
            ProviderRegistry providers,
            OpenWork work,
            OrderLookup orders,
            FeedReader feeds,
            Runs runs,
            Reviews reviews,
            InboundQueue inbound,
            SubscriptionCheck subscriptionCheck,
            ReconcileProperties properties,
            Clock clock) {
        this.providers = providers;
        this.work = work;
        this.orders = orders;
        this.feeds = feeds;
        this.runs = runs;
        this.reviews = reviews;
        this.inbound = inbound;
        this.subscriptionCheck = subscriptionCheck;
        this.properties = properties;
        this.clock = clock;
    }

    /** Looks the order up at its provider, in the background; the run's id at once. */
    public UUID startOrder(String orderId) {
        return startOrder(orderId, null);
    }

    private UUID startOrder(String orderId, String signal) {
        Run run = runs.open(RunTrigger.ORDER, null, orderId, null, signal);
        return runs.inBackground(run, () -> orders.check(run, orderId));
    }

    /**
     * A payer's browser came back for the order with nothing verifiable: look it up, unless such a
     * return started a lookup of it moments ago (a return is public: reloading it must not become a
     * flood of API calls). A verified return ({@link #confirmReturn}) is never held back by this.
     */
    public Optional<UUID> checkOnReturn(String orderId) {
        if (runs.startedFor(orderId, LOOKUP, RETURN_THROTTLE)) {
            return Optional.empty();
        }
        return Optional.of(startOrder(orderId, LOOKUP));
    }

    /**
     * A payer's browser came back with a return its provider's scheme verified (docs/DESIGN.md §9):
     * the return is always kept and read like a notification (a hint: it names the order and, for
     * IME Pay, the token the sweep asks with; it pays nothing), then the provider is asked about the
     * payment it names, with what the return carries. Only the same return again (a reload) within
     * moments is not asked about again: another return for the order, the payer's real one after a
     * forged one, is.
     */
    public UUID confirmReturn(String provider, String orderId, WebhookRequest verified) {
        String signal = "return:" + sha256(verified.body());
        boolean ask = !runs.startedFor(orderId, signal, RETURN_THROTTLE);
        Run run = runs.open(RunTrigger.ORDER, provider, orderId, null, signal);
        return runs.inBackground(run, () -> {
            if (run.take(provider, new Fact(Fact.RETURN, verified.body()))
                            .outcome()
                            .rejected()
                    || !ask) {
                return;
            }
            Optional<ProviderApi> api = providers.get(provider).api();
            if (api.isEmpty()) {
                run.finding(
                        FindingKind.CANNOT_ASK,
                        orderId,
                        provider + ": " + providers.get(provider).cannotAsk());
                return;
            }
            List<Fact> facts = api.get().confirmReturn(verified);
            if (facts.isEmpty()) {
                run.finding(FindingKind.NOT_FOUND, orderId, provider + " knows no payment for the return");
            }
            facts.forEach(f -> run.take(provider, f));
        });
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Waits up to {@code atMost} for the run to finish; whether it did. */
    public boolean awaitRun(UUID run, Duration atMost) {
        return runs.await(run, atMost);
    }

    /**
     * Reads the provider's feed (from {@code since}, else from its cursor), or looks up its
     * pending orders and unknown payments when it has no feed; in the background.
     */
    public UUID startProvider(String provider, Instant since) {
        Run run = runs.open(RunTrigger.PROVIDER, provider, null, since, null);
        return runs.inBackground(run, () -> provider(run, provider, since));
    }

    /** Long-pending orders and unknown payments, looked up now; empty when there were none. */
    public Optional<UUID> sweep() {
        Instant now = clock.instant();
        List<PendingOrder> pending = work.pendingOrders(now.minus(properties.getPendingAfter()));
        List<Known> unknown = work.unknownPayments(null);
        if (pending.isEmpty() && unknown.isEmpty()) {
            return Optional.empty();
        }
        Run run = runs.open(RunTrigger.SWEEP, null, null, null, null);
        runs.execute(run, () -> {
            // the feeds first, from their cursors: cheap, and the only way to find a Paddle
            // transaction nobody told Payhook about; what they pay needs no lookup
            if (!pending.isEmpty()) {
                readFeeds(run, null, false);
            }
            Instant giveUp = now.minus(properties.getGiveUpAfter());
            Optional<String> backlog = backlog(now);
            pending.stream()
                    .filter(order -> work.stillPending(order.orderId()))
                    .forEach(order -> sweep(run, order, giveUp, backlog));
            unknown.forEach(k -> payment(run, k));
        });
        return Optional.of(run.id());
    }

    /**
     * Every feed over the lookback, now: what processing cannot apply becomes a review too; then
     * every subscription not ended, asked about at its provider.
     */
    public UUID daily() {
        Run run = runs.open(RunTrigger.DAILY, null, null, null, null);
        Instant since = clock.instant().minus(properties.getLookback());
        runs.execute(run, () -> {
            readFeeds(run, since, true);
            subscriptionCheck.check(run);
        });
        return run.id();
    }

    /** Every provider's feed; one that fails fails the run but not the reading of the others. */
    private void readFeeds(Run run, Instant since, boolean compare) {
        providers
                .enabled()
                .forEach((name, provider) -> provider.api()
                        .flatMap(ProviderApi::feed)
                        .ifPresent(feed -> {
                            try {
                                feeds.read(run, name, feed, since, compare);
                            } catch (ApiFailure e) {
                                run.failed(name + ": " + e.getMessage());
                            }
                        }));
    }

    private void provider(Run run, String name, Instant since) {
        Provider provider = providers.get(name);
        Optional<ProviderApi> api = provider.api();
        if (api.isEmpty()) {
            run.finding(FindingKind.CANNOT_ASK, null, name + ": " + provider.cannotAsk());
            return;
        }
        Optional<EventFeed> feed = api.get().feed();
        if (feed.isPresent()) {
            feeds.read(run, name, feed.get(), since, false);
            return;
        }
        work.pendingOrders(clock.instant()).stream()
                .filter(order -> orders.wouldAsk(name, order.orderId()))
                .forEach(order -> orders.check(run, order.orderId()));
        work.unknownPayments(name).forEach(k -> payment(run, k));
    }

    /**
     * Why no review may be opened for an unpaid order now: payhook.inbound holds messages waiting
     * longer than pending-after (its payment may be among them, minutes from being applied), or
     * the broker cannot say whether it does. Empty when nothing holds the reviews back.
     */
    private Optional<String> backlog(Instant now) {
        try {
            return inbound.oldestReceivedAt()
                    .filter(oldest -> oldest.isBefore(now.minus(properties.getPendingAfter())))
                    .map(oldest -> "payhook.inbound holds messages waiting since " + oldest);
        } catch (RuntimeException e) {
            return Optional.of("the broker cannot say what waits on payhook.inbound ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private void sweep(Run run, PendingOrder order, Instant giveUp, Optional<String> backlog) {
        Answer answer = orders.check(run, order.orderId());
        boolean unanswerable = answer == Answer.CANNOT_ASK;
        if ((unanswerable || order.registeredAt().isBefore(giveUp)) && work.stillPending(order.orderId())) {
            String detail = "order " + order.orderId() + " registered " + order.registeredAt()
                    + " is still unpaid and "
                    + (unanswerable ? "no provider can be asked about it" : "no provider confirms a payment");
            if (backlog.isPresent()) {
                run.finding(
                        FindingKind.UNCONFIRMED_PAYMENT, order.orderId(), detail + "; no review yet: " + backlog.get());
                return;
            }
            run.finding(FindingKind.UNCONFIRMED_PAYMENT, order.orderId(), detail);
            reviews.open(ReviewKind.UNCONFIRMED_PAYMENT, order.orderId(), order.orderId(), null, detail);
        }
    }

    private void payment(Run run, Known known) {
        Optional<ProviderApi> api = providers.find(known.provider()).flatMap(Provider::api);
        if (api.isEmpty()) {
            run.finding(
                    FindingKind.CANNOT_ASK,
                    known.payment().orderId(),
                    known.provider() + ": payment " + known.payment().paymentId()
                            + " is unknown and the provider cannot be asked");
            return;
        }
        try {
            OrderLookup.lookup(api.get(), List.of(known.payment())).forEach(f -> run.take(known.provider(), f));
        } catch (ApiFailure e) {
            run.failed(known.provider() + ": " + e.getMessage());
        }
    }
}
