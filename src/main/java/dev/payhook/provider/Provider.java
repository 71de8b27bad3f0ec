package dev.payhook.provider;

import dev.payhook.config.AddressRanges;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** One enabled provider: a signature scheme plus an event format, and its API when it can be asked. */
public final class Provider {

    private final SignatureScheme scheme;
    private final EventFormat format;
    private final Set<String> keptHeaders;
    private final Set<Capability> capabilities;
    private AddressRanges allowedSources = new AddressRanges("", List.of());
    private ProviderApi api;
    private String cannotAsk;

    Provider(SignatureScheme scheme, EventFormat format, Set<Capability> capabilities) {
        this.scheme = scheme;
        this.format = format;
        this.capabilities = Set.copyOf(capabilities);
        Set<String> names = new HashSet<>(scheme.headerNames());
        names.addAll(format.headerNames());
        this.keptHeaders = Set.copyOf(names);
    }

    void allowedSources(AddressRanges sources) {
        this.allowedSources = sources;
    }

    /** Whether a webhook from {@code sourceIp} (the client's, as the trusted proxies give it) may be read. */
    public boolean allowsSource(String sourceIp) {
        return allowedSources.isEmpty() || allowedSources.contains(sourceIp);
    }

    /** Whether its webhooks are taken only from the addresses configured. */
    public boolean restrictsSources() {
        return !allowedSources.isEmpty();
    }

    void api(ProviderApi api) {
        this.api = api;
    }

    void cannotAsk(String why) {
        this.cannotAsk = why;
    }

    public SignatureScheme scheme() {
        return scheme;
    }

    public EventFormat format() {
        return format;
    }

    /** The headers the envelope keeps: what the scheme and the format read, never the secret ones. */
    public Set<String> keptHeaders() {
        return keptHeaders;
    }

    /** Its API, when the reconciler can ask it about payments. */
    public Optional<ProviderApi> api() {
        return Optional.ofNullable(api).filter(a -> can(Capability.CHECKS_PAYMENTS));
    }

    /** Whether its API is configured and its kind declares it can do {@code capability}. */
    public boolean can(Capability capability) {
        return api != null && capabilities.contains(capability);
    }

    /** Why the reconciler cannot ask this provider, when it cannot. */
    public String cannotAsk() {
        return cannotAsk;
    }

    /** Its refund API, when Payhook can give money back through it. */
    public Optional<Refunds> refunds() {
        return api == null ? Optional.empty() : api.refunds();
    }

    /** Why Payhook cannot refund through this provider, when it cannot: to be done in the provider's dashboard. */
    public String cannotRefund() {
        return api == null
                ? "its API cannot be called: " + cannotAsk
                : "its API offers no refund Payhook can call: refund it from the provider's dashboard";
    }

    /** The object a thin notification names, when it names one (docs/DESIGN.md §4.3). */
    public Optional<ObjectRef> namedObject(WebhookRequest request) {
        return format.namesObject(request);
    }

    /**
     * The object as the provider's API answers it now, tried once: {@link ApiFailure} when there
     * was no answer, empty when the provider does not know it.
     */
    public Optional<Fact> fetch(ObjectRef object) {
        if (api == null) {
            throw new UnparseablePayload("a thin notification needs the provider's API: " + cannotAsk);
        }
        return api.fetch(object);
    }

    /** A thin notification's events, from the object fetched for it. */
    public Reading readFetched(WebhookRequest notification, Fact fetched) {
        return format.readFetched(notification, fetched);
    }

    /** A fact pulled from the API, or a notification pushed to the ingress, read into events. */
    public Reading read(WebhookRequest request, String fact) {
        if (fact == null || Fact.EVENT.equals(fact) || Fact.RETURN.equals(fact)) {
            return format.read(request);
        }
        if (api == null) {
            return Reading.failed(
                    null, new UnparseablePayload("a " + fact + " fact needs the provider's API: " + cannotAsk));
        }
        return api.read(new Fact(fact, request.body()));
    }
}
