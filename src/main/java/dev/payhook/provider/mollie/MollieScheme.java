package dev.payhook.provider.mollie;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.FormPostScheme;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;

/**
 * Mollie signs nothing: the check is only that the request reads as a notification (400
 * otherwise), and the ingress bounds these instead (per-source rate, one fetch per payment per
 * window).
 */
final class MollieScheme extends FormPostScheme {

    @Override
    public boolean authenticates() {
        return false;
    }

    @Override
    public void verify(WebhookRequest request) {
        try {
            MollieNotification.parse(request.body());
        } catch (UnparseablePayload e) {
            throw new WebhookRejected("malformed_notification");
        }
    }

    /** Nothing is signed, so nothing is forged: a refusal is of a request that is not a notification. */
    @Override
    public Acknowledgement reject(String reason) {
        return Acknowledgement.jsonError(400, reason);
    }
}
