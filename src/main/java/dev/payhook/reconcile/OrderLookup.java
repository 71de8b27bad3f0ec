package dev.payhook.reconcile;

import dev.payhook.payment.Checkout;
import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.Capability;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.OrderRef;
import dev.payhook.provider.Provider;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.ProviderRegistry;
import dev.payhook.reconcile.OpenWork.Known;
import dev.payhook.reconcile.OpenWork.OrderToAsk;
import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.springframework.stereotype.Component;

/**
 * Asks the providers what became of one order (docs/DESIGN.md §7): the provider the merchant
 * registered it with; else those that have said anything about it; else every provider that can be
 * asked. Several are asked in parallel, each within its own timeout and attempts, so one that hangs
 * holds none of the others back, and what those that answered said is applied even when another
 * failed (the run then ends failed, naming it). A provider is asked about the payments Payhook
 * recorded for the order at it, else by the order id, else (it cannot be searched by order) by the
 * order's provider reference, else by reading its feed from the cursor, once per run.
 */
@Component
class OrderLookup {

    /** How a lookup of an order ended, or what one provider said of it. */
    enum Answer {
        /** A provider answered with a payment for it (processed, whatever it said). */
        FOUND,
        /** The providers asked know no payment for it. */
        NOT_FOUND,
        /** No provider of the order can be asked. */
        CANNOT_ASK,
        /** A provider failed and none answered. */
        FAILED
    }

    /** What one provider said of the order; {@code detail} why it could not be asked, or how it failed. */
    private record Asked(String provider, Answer answer, String detail) {}

    private static final int MAX_ASKING = 32;

    private final ProviderRegistry providers;
    private final OpenWork work;
    private final FeedReader feeds;
    // past MAX_ASKING providers in flight, the run's own thread asks: slower, never refused
    private final ExecutorService asking = new ThreadPoolExecutor(
            0,
            MAX_ASKING,
            60,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> {
                Thread t = new Thread(r, "payhook-lookup");
                t.setDaemon(true);
                return t;
            },
            new ThreadPoolExecutor.CallerRunsPolicy());

    OrderLookup(ProviderRegistry providers, OpenWork work, FeedReader feeds) {
        this.providers = providers;
        this.work = work;
        this.feeds = feeds;
    }

    @PreDestroy
    void stop() {
        asking.shutdownNow();
    }

    Answer check(Run run, String orderId) {
        Optional<OrderToAsk> order = work.order(orderId);
        List<Known> known = work.paymentsOf(orderId);
        List<String> candidates = candidates(orderId, order);
        if (candidates.isEmpty()) {
            run.finding(FindingKind.CANNOT_ASK, orderId, "no enabled provider can be asked about an order");
            return Answer.CANNOT_ASK;
        }
        List<Asked> said = inParallel(candidates, name -> ask(run, name, orderId, order, known));
        boolean found = said.stream().anyMatch(a -> a.answer() == Answer.FOUND);
        List<String> notFound = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Asked a : said) {
            switch (a.answer()) {
                case CANNOT_ASK -> run.finding(FindingKind.CANNOT_ASK, orderId, a.provider() + ": " + a.detail());
                case NOT_FOUND -> notFound.add(a.provider());
                case FAILED -> {
                    String failure = a.provider() + ": " + a.detail();
                    failed.add(failure);
                    run.failed(failure);
                }
                case FOUND -> {}
            }
        }
        if (found) {
            failed.forEach(f -> run.finding(FindingKind.PROVIDER_FAILED, orderId, f));
            return Answer.FOUND;
        }
        if (!failed.isEmpty()) {
            return Answer.FAILED;
        }
        if (notFound.isEmpty()) {
            return Answer.CANNOT_ASK;
        }
        run.finding(FindingKind.NOT_FOUND, orderId, "no payment for the order at " + String.join(", ", notFound));
        return Answer.NOT_FOUND;
    }

    /** Whether a lookup of the order would ask this provider (a provider's own run looks up only those). */
    boolean wouldAsk(String provider, String orderId) {
        return candidates(orderId, work.order(orderId)).contains(provider);
    }

    private List<String> candidates(String orderId, Optional<OrderToAsk> order) {
        String registered = order.map(o -> o.checkout().provider()).orElse(null);
        if (registered != null && providers.find(registered).isPresent()) {
            return List.of(registered);
        }
        List<String> named = work.providersOf(orderId).stream()
                .filter(p -> providers.find(p).isPresent())
                .toList();
        if (!named.isEmpty()) {
            return named;
        }
        return providers.enabled().entrySet().stream()
                .filter(e -> e.getValue().can(Capability.FINDS_ORDERS)
                        || e.getValue().can(Capability.READS_FEED))
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
    }

    private Asked ask(Run run, String name, String orderId, Optional<OrderToAsk> order, List<Known> known) {
        Provider provider = providers.get(name);
        Optional<ProviderApi> api = provider.api();
        if (api.isEmpty()) {
            return new Asked(name, Answer.CANNOT_ASK, provider.cannotAsk());
        }
        List<KnownPayment> payments = known.stream()
                .filter(k -> k.provider().equals(name))
                .map(Known::payment)
                .toList();
        Optional<String> reference = order.map(OrderToAsk::checkout)
                .filter(c -> name.equals(c.provider()))
                .map(Checkout::reference);
        try {
            List<Fact> facts;
            if (!payments.isEmpty()) {
                facts = lookup(api.get(), payments);
            } else if (provider.can(Capability.FINDS_ORDERS)) {
                facts = order.map(o -> api.get().lookupOrder(o.ref())).orElse(List.of());
            } else if (reference.isPresent() && order.isPresent()) {
                OrderRef ref = order.get().ref();
                facts = api.get()
                        .lookupPayment(new KnownPayment(
                                reference.get(), orderId, ref.amountMinor(), ref.currency(), List.of(), null));
            } else if (api.get().feed().isPresent()) {
                if (run.markFeedRead(name)) {
                    feeds.read(run, name, api.get().feed().get(), null, false);
                }
                boolean paid = work.paymentsOf(orderId).stream()
                        .anyMatch(k -> k.provider().equals(name));
                return new Asked(name, paid ? Answer.FOUND : Answer.NOT_FOUND, null);
            } else {
                return new Asked(name, Answer.CANNOT_ASK, "it finds payments by its own ids, not by order id");
            }
            facts.forEach(f -> run.take(name, f));
            return new Asked(name, facts.isEmpty() ? Answer.NOT_FOUND : Answer.FOUND, null);
        } catch (ApiFailure e) {
            return new Asked(name, Answer.FAILED, e.getMessage());
        }
    }

    /** Every provider asked at once; the first failure that is not the provider's own thrown once all ended. */
    private List<Asked> inParallel(List<String> names, Function<String, Asked> ask) {
        if (names.size() == 1) {
            return List.of(ask.apply(names.get(0)));
        }
        List<Future<Asked>> asked =
                names.stream().map(n -> asking.submit(() -> ask.apply(n))).toList();
        List<Asked> said = new ArrayList<>();
        RuntimeException failure = null;
        for (Future<Asked> f : asked) {
            try {
                said.add(f.get());
            } catch (ExecutionException e) {
                failure = failure != null
                        ? failure
                        : e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the providers were asked", e);
            }
        }
        if (failure != null) {
            throw failure;
        }
        return said;
    }

    /** What the provider says now of payments it was already known for. */
    static List<Fact> lookup(ProviderApi api, List<KnownPayment> payments) {
        List<Fact> facts = new ArrayList<>();
        payments.forEach(p -> facts.addAll(api.lookupPayment(p)));
        return facts;
    }
}
