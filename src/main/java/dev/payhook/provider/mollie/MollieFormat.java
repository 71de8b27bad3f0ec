package dev.payhook.provider.mollie;

import dev.payhook.provider.Fact;
import dev.payhook.provider.ObjectRef;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import java.util.Optional;

/**
 * Mollie's notification names a payment and says nothing else: its events are read from the
 * payment as the API answers it, never from the notification.
 */
public class MollieFormat extends SettingsFreeFormat {

    public MollieFormat() {
        super("mollie");
    }

    @Override
    public Optional<ObjectRef> namesObject(WebhookRequest request) {
        try {
            return Optional.of(new ObjectRef(
                    MollieApi.PAYMENT, MollieNotification.parse(request.body()).paymentId(), null));
        } catch (UnparseablePayload e) {
            return Optional.empty();
        }
    }

    /** Reached only by a body that names no payment: the ingress refuses those, a replay cannot mend them. */
    @Override
    public Reading read(WebhookRequest request) {
        return Reading.failed(null, new UnparseablePayload("a Mollie notification that names no payment"));
    }

    @Override
    public Reading readFetched(WebhookRequest notification, Fact fetched) {
        return MolliePayments.read(notification.provider(), fetched);
    }
}
