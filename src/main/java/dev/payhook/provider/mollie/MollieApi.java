package dev.payhook.provider.mollie;

import dev.payhook.provider.ApiCalls;
import dev.payhook.provider.ApiKey;
import dev.payhook.provider.ApiSetup;
import dev.payhook.provider.Fact;
import dev.payhook.provider.KnownPayment;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.ProviderApi;
import dev.payhook.provider.Reading;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;

/**
 * Mollie's API ({@code Authorization: Bearer test_..|live_..}; the key, not the host, chooses test
 * or live): {@code GET /v2/payments/{id}}, for each notification and for the reconciler. It finds a
 * payment only by its id: an order Payhook has no payment for cannot be asked about.
 */
record MollieApi(String provider, String base, String key, ApiCalls calls) implements ProviderApi {

    /** The object a notification names, and the {@link Fact} kind of the API's answer about it. */
    static final String PAYMENT = "payment";

    private static final String HOST = "https://api.mollie.com";
    private static final String GET_PAYMENT = "GET /v2/payments/{id}";

    static MollieApi create(ApiSetup setup, ApiKey settings) {
        return new MollieApi(
                setup.provider(),
                setup.baseUrl(settings.baseUrl(), HOST, HOST),
                settings.key().trim(),
                setup.calls());
    }

    @Override
    public List<Fact> lookupPayment(KnownPayment payment) {
        return calls.retrying(() -> payment(payment.paymentId())).map(List::of).orElse(List.of());
    }

    @Override
    public Optional<Fact> fetch(ObjectRef object) {
        return payment(object.id());
    }

    /** The payment as Mollie answers it now, asked once; empty when Mollie does not know the id. */
    private Optional<Fact> payment(String id) {
        HttpResponse<byte[]> answer =
                calls.getJsonOnce(base + "/v2/payments/" + ApiCalls.encode(id), key, GET_PAYMENT, 404);
        return answer.statusCode() == 404 ? Optional.empty() : Optional.of(new Fact(PAYMENT, answer.body()));
    }

    @Override
    public Reading read(Fact fact) {
        return MolliePayments.read(provider, fact);
    }
}
